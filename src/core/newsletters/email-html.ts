// Turns a stored rendering (the live HTML of a translation) into HTML a mail program shows:
// every address absolute (an e-mail has no base), images without the srcset and lazy
// loading only browsers understand and never wider than the column, links into the page
// (heading anchors, footnotes) reduced to their text, and players (video,
// audio, embeds), which mail programs do not run, replaced by a link to the article, and
// formulas as MathML only (a mail program has no KaTeX stylesheet).
import { mathWithoutCss } from '@/core/markdown/math-without-css';

/** Makes site-relative addresses (`/images/…`) absolute under `origin`. */
export function absolutize(html: string, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  return html.replace(/\s(src|href|poster)="(\/(?!\/)[^"]*)"/g, (_, attribute: string, path: string) => ` ${attribute}="${base}${path}"`);
}

function imageForMail(tag: string): string {
  let img = tag
    .replace(/\s(?:srcset|sizes|loading|decoding|fetchpriority)="[^"]*"/g, '')
    .replace(/\sstyle="[^"]*"/g, '');
  const width = Number(/\swidth="(\d+)"/.exec(img)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(img)?.[1]);
  // Outlook sizes an image by its attributes: give the column's width and the height that keeps its shape.
  if (width > 552 && height > 0) {
    img = img.replace(/\swidth="\d+"/, ' width="552"').replace(/\sheight="\d+"/, ` height="${Math.round((height * 552) / width)}"`);
  }
  return img.replace(/^<img\b/, '<img style="max-width:100%;height:auto;display:block;border:0"');
}

/** The article's HTML as an e-mail carries it; `articleUrl` is where players become a link. */
export function htmlForMail(html: string, origin: string, articleUrl: string, watchLabel: string): string {
  const link = `<p><a href="${articleUrl}">${watchLabel}</a></p>`;
  return absolutize(mathWithoutCss(html), origin)
    // A heading's own anchor link points into the page, which an e-mail is not: keep its text.
    .replace(/<a\b[^>]*\shref="#[^"]*"[^>]*>([\s\S]*?)<\/a>/g, '$1')
    .replace(/<(video|audio|iframe)\b[^>]*>[\s\S]*?<\/\1>/g, link)
    .replace(/<img\b[^>]*>/g, imageForMail);
}
