// Math for places without KaTeX's stylesheet: feed readers and mail programs. KaTeX's
// HTML rendering is absolutely positioned spans that only its CSS puts in place; without
// it a formula reads twice, scrambled. There only the MathML stays (what readers with
// MathML support draw, and what screen readers read), without its TeX annotation, which
// a program that does not know MathML would print after the formula.
//
// The input is the sanitized output of core/markdown: KaTeX's spans are well formed, so
// counting <span> and </span> finds where each rendering ends.

const htmlRendering = '<span class="katex-html" aria-hidden="true">';

export function mathWithoutCss(html: string): string {
  if (!html.includes('class="katex')) return html;
  return withoutKatexHtml(html).replace(/<annotation encoding="application\/x-tex">[\s\S]*?<\/annotation>/g, '');
}

/** Only KaTeX's HTML rendering taken out: the MathML stays with its TeX annotation. */
export function withoutKatexHtml(html: string): string {
  if (!html.includes(htmlRendering)) return html;
  let out = '';
  let copied = 0;
  for (let at = html.indexOf(htmlRendering); at >= 0; at = html.indexOf(htmlRendering, copied)) {
    out += html.slice(copied, at);
    copied = endOfSpan(html, at);
  }
  out += html.slice(copied);
  return out;
}

/** The index just past the </span> that closes the <span> opening at `start`. */
function endOfSpan(html: string, start: number): number {
  const tags = /<span\b[^>]*>|<\/span>/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[0] === '</span>' ? -1 : 1;
    if (depth === 0) return tags.lastIndex;
  }
  return html.length;
}
