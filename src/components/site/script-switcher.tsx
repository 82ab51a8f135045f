// The 简 / 繁 switch of a Chinese page: plain links, like the language switcher, so it works
// without JavaScript and the server entry remembers the choice on arrival
// (server-entry/script-choice.ts). Next renders only the Simplified page; its Traditional
// copy is made by the server entry (server-entry/traditional.ts), which sets
// `<html lang="zh-Hant">`: the stylesheet shows the half that fits the page's script. The
// glyphs 简 and 繁 name a script and are never converted (translate="no").
import { getTranslations } from 'next-intl/server';
import { hantLanguageTag, toHantPath } from '@/core/script/hant-paths';

export async function ScriptSwitcher({ path }: { path: string }) {
  const t = await getTranslations({ locale: 'zh', namespace: 'scriptSwitcher' });
  const hant = toHantPath(path);
  if (hant === path) return null;
  return (
    <span className="script-switcher" role="group" aria-label={t('label')}>
      <span className="script-switcher__when-hans">
        <span className="script-switcher__current" translate="no" lang="zh-Hans">
          {t('hansGlyph')}
        </span>
        <a href={hant} hrefLang={hantLanguageTag} lang={hantLanguageTag} rel="alternate">
          <span aria-hidden="true" translate="no">
            {t('hantGlyph')}
          </span>
          <span className="sr-only">{t('toHant')}</span>
        </a>
      </span>
      <span className="script-switcher__when-hant">
        <a href={path} hrefLang="zh-Hans" lang="zh-Hans">
          <span aria-hidden="true" translate="no">
            {t('hansGlyph')}
          </span>
          <span className="sr-only">{t('toHans')}</span>
        </a>
        <span className="script-switcher__current" translate="no" lang={hantLanguageTag}>
          {t('hantGlyph')}
        </span>
      </span>
    </span>
  );
}
