// The stored HTML lazy-loads every image, since it is made once and knows nothing of the
// page around it. An article that opens without a cover has its first image as the
// largest thing on the first screen (what the browser times as the page's paint): that
// one is asked for at once and first. Done when the page is put together, on the stored
// string: one search, no parsing.
/**
 * An image starting this far into the body may still be on the first screen of a phone
 * (about two short paragraphs of markup); one further down keeps loading lazily.
 */
export const firstScreenChars = 1500;

/** Makes the body's first image eager and `fetchpriority="high"` when it starts within the first screen. */
export function promoteFirstImage(html: string): string {
  // A quoted value may hold a ">" (an alt text comparing things).
  const match = /<img\b(?:[^>"']|"[^"]*"|'[^']*')*>/.exec(html);
  if (!match || match.index > firstScreenChars) return html;
  const tag = match[0].replace(/\s+loading="lazy"/, '').replace(/\s+fetchpriority="[^"]*"/, '').replace(/^<img\b/, '<img fetchpriority="high"');
  return html.slice(0, match.index) + tag + html.slice(match.index + match[0].length);
}
