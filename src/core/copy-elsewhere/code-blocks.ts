// Code in a pasted article. shiki colours the site's code with CSS variables for its two
// themes (`--shiki-light`, `--shiki-dark`), which only the site's stylesheet turns into
// colours: here each token gets its light theme's colour (and font style) as plain inline
// CSS. A block scrolls sideways rather than wrapping. For WeChat, whose editor collapses
// the whitespace of pasted code, line breaks are written as <br> and spaces as no-break
// spaces (as doocs/md does); a rich-text editor gets the text as it is.
import type { Element, ElementContent } from 'hast';
import type { CopyTarget } from './copy-target';
import type { PasteStyles } from './paste-styles';

const shikiProperties: Record<string, string> = {
  '--shiki-light': 'color',
  '--shiki-light-font-style': 'font-style',
  '--shiki-light-font-weight': 'font-weight',
  '--shiki-light-text-decoration': 'text-decoration',
  color: 'color',
  'background-color': 'background-color',
};

/** A token's light-theme colours as plain CSS (`color:#d73a49`), or null when it has none. */
export function tokenStyle(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const declarations: string[] = [];
  for (const declaration of raw.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon <= 0) continue;
    const property = shikiProperties[declaration.slice(0, colon).trim().toLowerCase()];
    const value = declaration.slice(colon + 1).trim();
    // The sanitizer lets only colours and keywords through; checked again, since this is pasted elsewhere.
    if (property && /^(?:#[0-9a-f]{3,8}|[a-z][a-z-]*)$/i.test(value)) declarations.push(`${property}:${value}`);
  }
  return declarations.length > 0 ? declarations.join(';') : null;
}

export function codeSpanStyle(node: Element, styles: PasteStyles): string {
  return node.properties.className && String(node.properties.className).includes('math-error') ? styles.mathInline : styles.code;
}

function textForWeChat(value: string): ElementContent[] {
  const out: ElementContent[] = [];
  const lines = value.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) out.push({ type: 'element', tagName: 'br', properties: {}, children: [] });
    if (line) out.push({ type: 'text', value: line.replace(/\t/g, '    ').replace(/ /g, '\u00a0') });
  });
  return out;
}

function tokens(nodes: ElementContent[], target: CopyTarget): ElementContent[] {
  const out: ElementContent[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(...(target === 'wechat' ? textForWeChat(node.value) : [{ type: 'text' as const, value: node.value }]));
    else if (node.type === 'element') {
      const inner = tokens(node.children, target);
      const style = tokenStyle(node.properties.style);
      // A line's wrapper and an uncoloured token add nothing an editor would keep.
      if (style && node.tagName === 'span') out.push({ type: 'element', tagName: 'span', properties: { style }, children: inner });
      else out.push(...inner);
    }
  }
  return out;
}

/** A `<pre>` block (highlighted by shiki or not) as a scrolling, inline-coloured block. */
export function writeCodeBlock(node: Element, target: CopyTarget, styles: PasteStyles): Element {
  const colour = tokenStyle(node.properties.style);
  const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const inner = tokens(code ? code.children : node.children, target);
  // A trailing line break would show as an empty last line.
  while (inner.length > 0 && inner.at(-1)!.type === 'element' && (inner.at(-1) as Element).tagName === 'br') inner.pop();
  const last = inner.at(-1);
  if (last?.type === 'text') last.value = last.value.replace(/\n+$/, '');
  return {
    type: 'element',
    tagName: 'pre',
    properties: { style: colour ? `${styles.pre};${colour}` : styles.pre },
    children: [{ type: 'element', tagName: 'code', properties: { style: styles.preCode }, children: inner }],
  };
}
