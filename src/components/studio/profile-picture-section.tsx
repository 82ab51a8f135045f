// The Account page's picture: one's own, chosen among the library's images (an uploader
// beside it adds one, and the page refreshes), shown on one's author page.
import { getTranslations } from 'next-intl/server';
import type { Media } from '@/core/content/types';
import type { Locale } from '@/core/locales';
import type { FormState } from '@/server/studio/form-state';
import { libraryImageChoices } from './library-image-choices';
import { LibraryUploader } from './library-uploader';
import { StudioForm } from './studio-form';
import styles from './studio.module.css';

interface Props {
  locale: Locale;
  pictureId: number | null;
  images: Media[];
  action: (state: FormState, form: FormData) => Promise<FormState>;
}

export async function ProfilePictureSection({ locale, pictureId, images, action }: Props) {
  const [t, settings, forms] = await Promise.all([
    getTranslations({ locale, namespace: 'studio.manage.account' }),
    getTranslations({ locale, namespace: 'studio.manage.settings' }),
    getTranslations({ locale, namespace: 'studio.forms' }),
  ]);
  return (
    <section aria-labelledby="account-picture">
      <h2 id="account-picture" className={styles.label}>
        {t('pictureTitle')}
      </h2>
      <p className={styles.muted}>{t('pictureIntro')}</p>
      <LibraryUploader locale={locale} />
      <StudioForm
        action={action}
        locale={locale}
        idPrefix="account-picture"
        submitLabel={t('savePicture')}
        pendingLabel={forms('saving')}
        fields={[
          {
            name: 'imageMediaId',
            type: 'images',
            label: t('picture'),
            defaultValue: String(pictureId ?? ''),
            images: libraryImageChoices(images, { label: t('noPicture') }, (image) => settings('imageSize', image)),
          },
        ]}
      />
    </section>
  );
}
