// The looks of an article pasted into another editor (WeChat's, Zhihu's, Medium's…), as
// inline `style` values: those editors drop stylesheets, classes and web fonts, so every
// element carries its own style and the faces are the system's (the newsletter e-mail's
// sans stack for the body, the site's serif for headings, as its reading pages set them).
import { systemSansFonts } from '@/core/newsletters/newsletter-email';

const serifFonts = `'Songti SC', 'Noto Serif SC', 'Source Han Serif SC', STSong, SimSun, Georgia, 'Times New Roman', serif`;
const monoFonts = `Menlo, Consolas, 'SFMono-Regular', 'Courier New', monospace`;

const ink = '#1f2328';
const muted = '#57606a';
const rule = '#d0d7de';
const codeBackground = '#f6f8fa';

/** Every style a converted element may get, given the site's accent (a `#rrggbb` colour). */
export function pasteStyles(accent: string) {
  return {
    root: `font-family:${systemSansFonts};font-size:16px;line-height:1.75;color:${ink};letter-spacing:0.02em;word-break:break-word;overflow-wrap:break-word;text-align:left`,
    p: 'margin:0 0 1.2em',
    h1: `font-family:${serifFonts};font-size:1.5em;line-height:1.4;font-weight:bold;color:${ink};margin:1.6em 0 0.8em;padding-bottom:0.3em;border-bottom:2px solid ${accent}`,
    h2: `font-family:${serifFonts};font-size:1.35em;line-height:1.4;font-weight:bold;color:${ink};margin:1.6em 0 0.8em;padding-left:0.6em;border-left:4px solid ${accent}`,
    h3: `font-family:${serifFonts};font-size:1.15em;line-height:1.45;font-weight:bold;color:${accent};margin:1.4em 0 0.6em`,
    h4: `font-size:1em;line-height:1.5;font-weight:bold;color:${ink};margin:1.2em 0 0.5em`,
    blockquote: `margin:0 0 1.2em;padding:0.6em 1em;border-left:4px solid ${rule};background:#f7f7f8;color:${muted}`,
    callout: `margin:0 0 1.2em;padding:0.6em 1em;border-left:4px solid ${accent};background:#f7f7f8`,
    calloutTitle: `margin:0 0 0.4em;font-weight:bold;color:${accent}`,
    innerP: 'margin:0 0 0.6em',
    list: 'margin:0 0 1.2em;padding-left:1.6em',
    listItem: 'margin:0.3em 0',
    plainList: 'margin:0 0 1.2em;padding-left:0.4em;list-style:none',
    // WeChat: a list is written as rows of a marker and a block, never <ul>/<ol>.
    rows: 'margin:0 0 1.2em',
    nestedRows: 'margin:0.3em 0 0',
    row: 'display:flex;align-items:baseline;margin:0.3em 0',
    marker: `flex:none;min-width:1.6em;padding-right:0.3em;color:${accent};text-align:right;box-sizing:border-box`,
    rowBody: 'flex:1;min-width:0',
    link: `color:${accent};text-decoration:none;border-bottom:1px solid ${accent}`,
    linkText: `color:${accent}`,
    referenceMark: `font-size:0.75em;line-height:0;color:${accent};vertical-align:super`,
    sup: 'font-size:0.75em;line-height:0;vertical-align:super',
    sub: 'font-size:0.75em;line-height:0;vertical-align:sub',
    strong: 'font-weight:bold',
    em: 'font-style:italic',
    del: 'text-decoration:line-through',
    mark: 'background:#fff3b0;color:inherit',
    kbd: `font-family:${monoFonts};font-size:0.85em;padding:0.1em 0.4em;border:1px solid ${rule};border-radius:4px`,
    code: `font-family:${monoFonts};font-size:0.875em;padding:0.1em 0.35em;border-radius:4px;background:rgba(27,31,35,0.06);color:${accent}`,
    pre: `margin:0 0 1.2em;padding:1em;border-radius:6px;background:${codeBackground};color:${ink};font-family:${monoFonts};font-size:13px;line-height:1.6;white-space:pre;overflow-x:auto;-webkit-overflow-scrolling:touch;text-align:left`,
    preCode: `font-family:${monoFonts};font-size:13px;white-space:pre;display:block;background:none;padding:0;color:inherit`,
    math: `display:block;margin:0 0 1.2em;padding:0.6em 1em;background:${codeBackground};border-radius:6px;font-family:${monoFonts};font-size:14px;white-space:pre;overflow-x:auto;text-align:center`,
    mathInline: `font-family:${monoFonts};font-size:0.875em;padding:0.1em 0.35em;border-radius:4px;background:rgba(27,31,35,0.06)`,
    tableWrap: 'margin:0 0 1.2em;overflow-x:auto;-webkit-overflow-scrolling:touch',
    table: 'border-collapse:collapse;font-size:14px;line-height:1.6;min-width:100%',
    th: `border:1px solid ${rule};padding:0.4em 0.7em;background:${codeBackground};font-weight:bold;text-align:left`,
    td: `border:1px solid ${rule};padding:0.4em 0.7em`,
    figure: 'margin:0 0 1.2em;text-align:center',
    img: 'display:block;max-width:100%;height:auto;margin:0 auto;border-radius:4px',
    inlineImg: 'max-width:100%;height:auto;vertical-align:middle',
    figcaption: `margin-top:0.5em;font-size:13px;line-height:1.5;color:${muted};text-align:center`,
    hr: `border:0;border-top:1px solid ${rule};margin:2em 0;height:0`,
    footnotes: `margin:2em 0 0;padding-top:0.5em;border-top:1px solid ${rule};font-size:14px;color:${muted}`,
    endHeading: `font-size:1em;font-weight:bold;color:${ink};margin:0 0 0.6em`,
    references: `margin:2em 0 0;padding-top:0.5em;border-top:1px solid ${rule};font-size:13px;line-height:1.6;color:${muted}`,
    reference: 'margin:0 0 0.4em;word-break:break-all',
    referenceUrl: 'font-style:italic',
    summary: 'margin:0 0 0.6em;font-weight:bold',
  } as const;
}

export type PasteStyles = ReturnType<typeof pasteStyles>;
