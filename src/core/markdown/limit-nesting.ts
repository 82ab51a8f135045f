// Caps how deeply block quotes and lists can nest. Nesting needs one marker or a few
// spaces per level on every line, so a line's container prefix bounds its depth; parsing
// time grows with the cube of the depth and the tree walkers recurse once per level, so
// a hostile or broken post with a thousand levels would stall the renderer or overflow
// its stack. No real article comes near the cap.

/** Characters of container prefix (indentation, `>`, list markers) kept on a line. */
export const maxContainerPrefix = 200;

const containerPrefix = /^(?:[ \t]|>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))+/;

/** `markdown` with every line's container prefix cut to maxContainerPrefix characters. */
export function limitNesting(markdown: string): string {
  // The common case, checked in one linear scan: no line starts with a long prefix.
  if (!new RegExp(`^[ \\t>*+\\-\\d.)]{${maxContainerPrefix + 1}}`, 'm').test(markdown)) return markdown;

  let fence: { char: string; length: number } | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      // Leave fenced code exactly as written: deep indentation there is content.
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
      return prefix.length > maxContainerPrefix ? prefix.slice(0, maxContainerPrefix) + line.slice(prefix.length) : line;
    })
    .join('\n');
}
