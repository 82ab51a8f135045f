// One of the site settings' small sections: a heading and a form of one field (the time
// zone, what a newsletter gives members without a translation, the Traditional pages'
// phrasing), saved on its own by its server action.
import { getTranslations } from 'next-intl/server';
import { StudioForm, type FormField } from '@/components/studio/studio-form';
import styles from '@/components/studio/studio.module.css';
import type { Locale } from '@/core/locales';
import type { FormState } from '@/server/studio/form-state';

interface Props {
  /** The section's id; its heading's id and its fields' prefix derive from it. */
  id: string;
  title: string;
  locale: Locale;
  action: (state: FormState, form: FormData) => Promise<FormState>;
  field: FormField;
}

export async function SettingsFieldSection({ id, title, locale, action, field }: Props) {
  const [m, forms] = await Promise.all([getTranslations({ locale, namespace: 'studio.manage' }), getTranslations({ locale, namespace: 'studio.forms' })]);
  return (
    <section aria-labelledby={id} className={styles.narrow}>
      <h2 id={id} className={styles.label}>
        {title}
      </h2>
      <StudioForm action={action} locale={locale} idPrefix={id} submitLabel={m('save')} pendingLabel={forms('saving')} fields={[field]} />
    </section>
  );
}
