// Caps how deeply block quotes, lists and footnote definitions can nest. Nesting needs a
// marker or some spaces per level on every line, so a line's container prefix bounds its depth. Parse time grows
// with the cube of the depth (1,000 nested lists, 1 MB, took 30 s) and the tree walkers
// recurse once per level, so without a cap a broken or hostile post could stall the
// renderer or overflow its stack. No real article comes near the cap.

/** Characters of container prefix (indentation, `>`, list markers) kept on a line. */
export const maxContainerPrefix = 200;

// Footnote definitions are containers too: `[^a]: [^a]: [^a]: …` nests one per label.
const containerPrefix = /^(?:[ \t]|>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])|\[\^[^\]\s]{1,100}\]:)+/;
const longPrefix = new RegExp(`^(?:[ \\t>*+\\-\\d.)]|\\[\\^[^\\]\\s]{1,100}\\]:){${maxContainerPrefix + 1}}`, 'm');

/** `markdown` with every line's container prefix cut to maxContainerPrefix characters. */
export function limitNesting(markdown: string): string {
  // The common case, found in one linear scan: no line starts with a long prefix.
  if (!longPrefix.test(markdown)) return markdown;

  let fence: { char: string; length: number } | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      // Fenced code stays exactly as written: deep indentation there is content.
      if (fence) {
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line);
        if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
        return line;
      }
      const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
      if (open?.[1] && !(open[1][0] === '`' && open[2]?.includes('`'))) {
        fence = { char: open[1][0]!, length: open[1].length };
        return line;
      }
      const prefix = containerPrefix.exec(line)?.[0] ?? '';
      // Keep the innermost end of the prefix: a list item stays a list item, only shallower.
      return prefix.length > maxContainerPrefix ? prefix.slice(-maxContainerPrefix) + line.slice(prefix.length) : line;
    })
    .join('\n');
}
