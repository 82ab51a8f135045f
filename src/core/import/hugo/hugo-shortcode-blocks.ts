// The block shortcodes of the popular Hugo themes, as Duet Markdown (convert-hugo-shortcodes
// finds them and their closing tags; each gets its content already converted):
//
//   {{< admonition type="tip" title="…" >}} / {{< admonition tip "…" >}}   LoveIt, FixIt, DoIt, Even
//   {{% notice info "…" %}}                                               Relearn, Learn
//   {{% alert title="…" color="warning" %}}                               Docsy
//   {{< callout type="info" >}}                                           Hextra
//   {{< hint warning >}}                                                  Hugo-Book
//   {{< note >}}, {{< tip >}}, {{< warning >}}, …                         many
//
// become one GitHub alert (`> [!TIP] Title`), which Duet renders as its callout; details
// (`{{< details "…" open >}}`, `summary=`, `title=`) a <details> block; tabs and tabpane
// (Hugo-Book, Hextra `items="A,B"`, Docsy `header=`) a heading per tab.
import type { Tag } from './shortcode-tag';

export interface BlockContext {
  depth: number;
  /** Hextra names its tabs on the parent: `{{< tabs items="A,B" >}}`. */
  tabNames: string[];
  /** Which tab of its parent this is (0-based), for the names above. */
  tabIndex?: number;
}

type Convert = (markdown: string, nested?: { tabNames: string[] }) => string;
type BlockConverter = (tag: Tag, convert: Convert, inner: string, context: BlockContext) => string;

type AlertKind = 'note' | 'tip' | 'important' | 'warning' | 'caution';

/** The themes' admonition types, by the GitHub alert that says the same. */
const alertKinds: Record<string, AlertKind> = {
  note: 'note', info: 'note', abstract: 'note', summary: 'note', tldr: 'note', primary: 'note', secondary: 'note',
  default: 'note', quote: 'note', cite: 'note', example: 'note', question: 'note', help: 'note', faq: 'note', todo: 'note',
  tip: 'tip', hint: 'tip', success: 'tip', check: 'tip', done: 'tip',
  important: 'important',
  warning: 'warning', warn: 'warning', attention: 'warning', bug: 'warning',
  caution: 'caution', danger: 'caution', error: 'caution', failure: 'caution', fail: 'caution', missing: 'caution',
};

const alertNames = ['admonition', 'notice', 'alert', 'callout', 'hint'];

function alertBlock(tag: Tag, convert: Convert, inner: string): string {
  const { args, named } = tag;
  const positional = alertNames.includes(tag.name) ? args : [tag.name, ...args];
  const type = (named.type ?? named.color ?? named.style ?? positional[0] ?? 'note').toLowerCase();
  const kind = alertKinds[type] ?? 'note';
  const title = oneLine(named.title ?? positional.find((arg, i) => i > 0 && arg !== 'true' && arg !== 'false') ?? '');
  const body = convert(inner).replace(/^\s*\n|\n\s*$/g, '');
  const quoted = body.split('\n').map((line) => (line.trim() ? `> ${line}` : '>'));
  return `\n\n> [!${kind.toUpperCase()}]${title ? ` ${title}` : ''}\n${quoted.join('\n')}\n\n`;
}

function detailsBlock(tag: Tag, convert: Convert, inner: string): string {
  const { args, named } = tag;
  const summary = oneLine(named.summary ?? named.title ?? args.find((arg) => arg !== 'open') ?? '');
  const open = args.includes('open') || named.open === 'true';
  return `\n\n<details${open ? ' open' : ''}>\n${summary ? `<summary>${escapeHtml(summary)}</summary>\n` : ''}\n${convert(inner).trim()}\n\n</details>\n\n`;
}

function tabsBlock(tag: Tag, convert: Convert, inner: string): string {
  const tabNames = (tag.named.items ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return `\n\n${convert(inner, { tabNames }).trim()}\n\n`;
}

function tabBlock(tag: Tag, convert: Convert, inner: string, context: BlockContext): string {
  const { args, named } = tag;
  const name = oneLine(named.name ?? named.header ?? named.title ?? args[0] ?? context.tabNames[context.tabIndex ?? -1] ?? '');
  const body = convert(inner).trim();
  return `\n\n${name ? `#### ${name}\n\n` : ''}${body}\n\n`;
}

export const blockConverters: Record<string, BlockConverter> = {
  ...Object.fromEntries([...alertNames, 'note', 'tip', 'important', 'warning', 'caution', 'info', 'danger'].map((name) => [name, alertBlock])),
  details: detailsBlock,
  expand: detailsBlock,
  tabs: tabsBlock,
  tabpane: tabsBlock,
  tab: tabBlock,
};

/** An attribute as one line of plain text: no Markdown line breaks, no HTML tags. */
function oneLine(value: string): string {
  return value.replace(/<[^<>]{0,500}>/g, '').replace(/\s+/g, ' ').trim();
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
