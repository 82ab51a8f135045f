// The Translations view's export for a CAT tool: which texts (pending, outdated, missing),
// into which language, as XLIFF 2.1, XLIFF 1.2 or the memory as TMX. A GET form the export
// route answers with a download.
import { getTranslations } from 'next-intl/server';
import styles from '@/components/studio/studio.module.css';
import { locales, type Locale } from '@/core/locales';

interface Props {
  locale: Locale;
  /** The language chosen in the filters, the export's default target. */
  language?: Locale;
}

export async function BoardExportForm({ locale, language }: Props) {
  const [t, langs] = await Promise.all([getTranslations({ locale, namespace: 'studio.translations' }), getTranslations({ locale, namespace: 'studio.languages' })]);
  return (
    <form method="get" action="/api/v1/studio/translations/export" className={styles.toolbar}>
      <div className={styles.field}>
        <label htmlFor="tr-to">{t('exportInto')}</label>
        <select id="tr-to" name="to" defaultValue={language ?? (locale === 'zh' ? 'en' : 'zh')} className={styles.input}>
          {locales.map((l) => (
            <option key={l} value={l}>
              {langs(l)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="tr-which">{t('exportWhich')}</label>
        <select id="tr-which" name="which" defaultValue="pending" className={styles.input}>
          <option value="pending">{t('exportPending')}</option>
          <option value="outdated">{t('exportOutdated')}</option>
          <option value="missing">{t('exportMissing')}</option>
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="tr-format">{t('exportFormat')}</label>
        <select id="tr-format" name="format" defaultValue="xliff2" className={styles.input}>
          <option value="xliff2">XLIFF 2.1</option>
          <option value="xliff12">XLIFF 1.2</option>
          <option value="tmx">TMX 1.4b</option>
        </select>
      </div>
      <button type="submit" className={styles.secondary}>
        {t('export')}
      </button>
    </form>
  );
}
