// The picture of an article that link previews show (1200×630, Open Graph and Twitter):
// the site's paper and ink, the title large in the display face, the site name, the
// byline and the language. Drawn by satori (next/og), which lays out a subset of CSS
// (flexbox only) with the fonts loaded by og-fonts.ts; nothing here reaches the browser.
import type { Locale } from '@/core/locales';
import type { OgFonts } from './og-fonts';

export const ogImageSize = { width: 1200, height: 630 } as const;

/** Part of every image URL's version (post-og-card.ts): raise it when the design changes. */
export const ogDesignVersion = 1;

/** What the image says, all in one language (the translation it shows). */
export interface OgCard {
  locale: Locale;
  title: string;
  siteName: string;
  /** Authors and date, e.g. "作者：林悦 · 2026年3月1日". */
  byline: string;
  /** The language's own name: 中文, English. */
  languageName: string;
  /** The site's accent on the light paper (core/site/accent-colour.ts). */
  accent: string;
}

// globals.css, light scheme: link previews sit on every kind of page, paper reads on all.
const colors = { paper: '#fbf8f3', ink: '#1d2433', inkSoft: '#4a5263', rule: '#e3ddd2' };

/** The texts each font role draws, for choosing font slices before rendering. */
export function ogCardTexts(card: OgCard): Record<'display' | 'body', string> {
  return { display: card.title + card.siteName, body: card.byline + card.languageName };
}

const titleWidth = ogImageSize.width - 2 * 80;
const maxTitleLines = 4;

/**
 * Type size by title length (a short title fills the card, a long one gets four lines),
 * and whether it fits in those lines: balanced wrapping would balance the whole text and
 * then cut it, so a title that will be cut wraps greedily instead.
 */
function titleLayout(title: string, locale: Locale): { fontSize: number; fits: boolean } {
  const length = [...title].length;
  const fontSize =
    locale === 'zh'
      ? length <= 12 ? 80 : length <= 24 ? 70 : length <= 45 ? 60 : 54
      : length <= 24 ? 88 : length <= 48 ? 74 : length <= 90 ? 60 : 50;
  // An em per Han character, about half of one per Latin letter.
  const width = [...title].reduce((sum, c) => sum + (/[\u2e80-\uffef]/.test(c) ? 1.02 : 0.52), 0) * fontSize;
  return { fontSize, fits: width < (maxTitleLines - 0.5) * titleWidth };
}

export function OgCardImage({ card, fonts }: { card: OgCard; fonts: OgFonts }) {
  const isChinese = card.locale === 'zh';
  const title = fonts.clean(card.title);
  const { fontSize, fits } = titleLayout(title, card.locale);
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: colors.paper,
        color: colors.ink,
        padding: `0 ${(ogImageSize.width - titleWidth) / 2}px`,
        borderTop: `14px solid ${card.accent}`,
      }}
    >
      <div style={{ display: 'flex', flexShrink: 0, alignItems: 'center', justifyContent: 'space-between', height: 128, borderBottom: `2px solid ${colors.rule}` }}>
        <div style={{ fontFamily: fonts.family.display, fontSize: 40, color: card.accent, letterSpacing: isChinese ? '0.08em' : '0.01em' }}>
          {fonts.clean(card.siteName)}
        </div>
        <div
          style={{
            fontFamily: fonts.family.body,
            fontSize: 24,
            color: colors.inkSoft,
            border: `2px solid ${colors.rule}`,
            borderRadius: 999,
            padding: '6px 22px',
          }}
        >
          {fonts.clean(card.languageName)}
        </div>
      </div>
      <div style={{ display: 'flex', flexGrow: 1, minHeight: 0, alignItems: 'center', overflow: 'hidden' }}>
        <div
          lang={isChinese ? 'zh-CN' : 'en'}
          style={{
            display: 'block',
            fontFamily: fonts.family.display,
            fontSize,
            lineHeight: isChinese ? 1.35 : 1.15,
            letterSpacing: isChinese ? '0.02em' : '-0.01em',
            lineClamp: maxTitleLines,
            textWrap: fits ? 'balance' : 'wrap',
          }}
        >
          {title}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          flexShrink: 0,
          alignItems: 'center',
          height: 104,
          borderTop: `2px solid ${colors.rule}`,
          fontFamily: fonts.family.body,
          fontSize: 28,
          color: colors.inkSoft,
        }}
      >
        {fonts.clean(card.byline)}
      </div>
    </div>
  );
}
