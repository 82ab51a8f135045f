// The Settings page's "Look" section: the accent colour, the logo (and the one for dark
// mode) and the icon, each for every language, with an uploader so a new image can join the library and be chosen
// here at once (the page refreshes after an upload).
import { getTranslations } from 'next-intl/server';
import type { Media } from '@/core/content/types';
import { defaultIconFiles, minIconSize } from '@/core/site/site-icons';
import type { SiteLook } from '@/core/site/site-identity';
import type { Locale } from '@/core/locales';
import type { FormState } from '@/server/studio/form-state';
import { libraryImageChoices } from './library-image-choices';
import { LibraryUploader } from './library-uploader';
import { StudioForm } from './studio-form';
import styles from './studio.module.css';

interface Props {
  locale: Locale;
  look: SiteLook;
  images: Media[];
  canUpload: boolean;
  action: (state: FormState, form: FormData) => Promise<FormState>;
}

export async function SiteLookSection({ locale, look, images, canUpload, action }: Props) {
  const [t, m, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.settings' }),
    getTranslations({ locale, namespace: 'studio.manage' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  const choices = (none: string, noneSrc?: string) => libraryImageChoices(images, { label: none, src: noneSrc }, (image) => t('imageSize', image));
  return (
    <section aria-labelledby="settings-look" className={styles.narrow}>
      <h2 id="settings-look" className={styles.label}>
        {t('lookTitle')}
      </h2>
      <p className={styles.muted}>{t('lookIntro')}</p>
      {canUpload && (
        <LibraryUploader locale={locale} />
      )}
      <StudioForm
        action={action}
        locale={locale}
        idPrefix="settings-look"
        submitLabel={m('save')}
        pendingLabel={forms('saving')}
        fields={[
          { name: 'accent', label: t('accent'), hint: t('accentHint'), defaultValue: look.accent ?? '', autoComplete: 'off' },
          { name: 'logoMediaId', type: 'images', label: t('logo'), hint: t('logoHint'), defaultValue: String(look.logoMediaId ?? ''), images: choices(t('noLogo')) },
          {
            name: 'darkLogoMediaId',
            type: 'images',
            label: t('darkLogo'),
            hint: t('darkLogoHint'),
            defaultValue: String(look.darkLogoMediaId ?? ''),
            images: choices(t('noDarkLogo')),
            paper: 'dark',
          },
          {
            name: 'iconMediaId',
            type: 'images',
            label: t('icon'),
            hint: t('iconHint', { size: minIconSize }),
            defaultValue: String(look.iconMediaId ?? ''),
            images: choices(t('defaultIcon'), defaultIconFiles.favicon.path),
          },
        ]}
      />
    </section>
  );
}
