// Restores the paragraphs of a WordPress "classic editor" body, as WordPress's own
// wpautop() does when it displays one: the stored text separates paragraphs by a blank
// line and breaks lines with a single newline, with no <p> or <br> written. Text inside
// <pre> (and <script>, <style>, <textarea>) is left exactly as it is. Block elements
// written by hand are not wrapped again. Linear: every pattern is anchored on a tag.

const blocks =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';
const preservedStart = /<(pre|script|style|textarea|svg)(?=[\s>])/gi;

/** HTML with <p> and <br> where a classic WordPress body meant them. */
export function restoreParagraphs(body: string): string {
  if (!body.trim()) return '';
  const kept: string[] = [];
  let html = `${setAside(body.replace(/\r\n?/g, '\n'), kept)}\n`;
  // Space block tags off onto their own paragraphs so they are never wrapped in <p>.
  html = html
    .replace(/<br\s*\/?>\s*<br\s*\/?>/gi, '\n\n')
    .replace(new RegExp(`(<${blocks}[\\s/>])`, 'gi'), '\n\n$1')
    .replace(new RegExp(`(</${blocks}>)`, 'gi'), '$1\n\n')
    .replace(/(<wp-preserved-\d+>)/g, '\n\n$1')
    .replace(/(<\/wp-preserved-\d+>)/g, '$1\n\n')
    .replace(/<hr\s*?\/?>/gi, '<hr />\n\n');
  const paragraphs = html.split(/\n[ \t]*\n\s*/).filter((part) => part.trim() !== '');
  html = paragraphs.map((part) => `<p>${part.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');

  html = html
    // A paragraph that only holds a block element is that element.
    .replace(new RegExp(`<p>\\s*(</?${blocks}[^>]*>)\\s*</p>`, 'gi'), '$1')
    .replace(/<p>\s*(<\/?wp-preserved-\d+>)/g, '$1')
    .replace(/(<\/?wp-preserved-\d+>)\s*<\/p>/g, '$1')
    .replace(new RegExp(`<p>\\s*(</?${blocks}[^>]*>)`, 'gi'), '$1')
    .replace(new RegExp(`(</?${blocks}[^>]*>)\\s*</p>`, 'gi'), '$1')
    .replace(/<p>\s*<\/p>\n?/g, '');
  // Single newlines left inside paragraphs are line breaks, except next to block tags.
  html = breakLines(html);
  html = html
    .replace(new RegExp(`(</?${blocks}[^>]*>)\\s*<br />`, 'gi'), '$1')
    .replace(/<br \/>(\s*<\/?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)/gi, '$1');
  return html.replace(/<wp-preserved-(\d+)><\/wp-preserved-\1>/g, (_match, index: string) => kept[Number(index)] ?? '').trim();
}

/** `html` with each <pre>…</pre> (and similar) replaced by a placeholder; the originals go in `kept`. */
function setAside(html: string, kept: string[]): string {
  const lower = html.toLowerCase();
  const parts: string[] = [];
  let copied = 0;
  preservedStart.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = preservedStart.exec(html)) !== null) {
    const close = lower.indexOf(`</${match[1]!.toLowerCase()}`, match.index);
    const closeEnd = close < 0 ? html.length : lower.indexOf('>', close) + 1 || html.length;
    parts.push(html.slice(copied, match.index), `<wp-preserved-${kept.length}></wp-preserved-${kept.length}>`);
    kept.push(html.slice(match.index, closeEnd));
    copied = closeEnd;
    preservedStart.lastIndex = closeEnd;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}

/** Newlines inside each <p>…</p> as <br />; found with indexOf so unclosed <p>s cost nothing extra. */
function breakLines(html: string): string {
  const parts: string[] = [];
  let copied = 0;
  let at = 0;
  for (;;) {
    const open = html.indexOf('<p>', at);
    if (open < 0) break;
    const close = html.indexOf('</p>', open + 3);
    if (close < 0) break;
    // The innermost <p> before this </p>: each stretch of text is searched once.
    const innermost = html.lastIndexOf('<p>', close);
    parts.push(html.slice(copied, innermost + 3), html.slice(innermost + 3, close).replace(/\n/g, '<br />\n'));
    copied = close;
    at = close + 4;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}
