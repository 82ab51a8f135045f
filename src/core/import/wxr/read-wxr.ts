// Reads a WordPress export (WXR 1.0 to 1.2) as a stream of XML with saxes and hands over
// plain records: the channel (version, site address, authors, terms) and each <item>.
// Elements are recognised by namespace URI, never by prefix, so a file that rebinds `wp:`
// to another namespace does not smuggle data in, and WXR 1.0, 1.1 and 1.2 (http or https)
// namespaces are all accepted. Malformed XML and unknown versions stop the import with an
// error naming the line.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFormatError } from '../import-document';

export interface WxrMeta {
  key: string;
  value: string;
}

export interface WxrTerm {
  id: string;
  taxonomy: string;
  slug: string;
  name: string;
  description: string;
  parent: string;
  meta: WxrMeta[];
}

export interface WxrAuthor {
  id: string;
  login: string;
  email: string;
  displayName: string;
}

export interface WxrItem {
  /** Position in the file, for items without a usable id. */
  index: number;
  /** Fields by `namespace:name` (`:title`, `wp:post_id`, `content:encoded`…); the first one wins. */
  fields: Map<string, string>;
  categories: Array<{ domain: string; nicename: string; name: string }>;
  meta: WxrMeta[];
}

export interface WxrChannel {
  version: string | null;
  fields: Map<string, string>;
  authors: WxrAuthor[];
  terms: WxrTerm[];
}

type Namespace = 'wp' | 'excerpt' | 'content' | 'dc' | '';

interface RecordFrame {
  kind: 'channel' | 'item' | 'author' | 'term' | 'meta';
  depth: number;
  fields: Map<string, string>;
  categories?: WxrItem['categories'];
  meta?: WxrMeta[];
  termTaxonomy?: string;
}

const wpExport = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/$/;
const wpExcerpt = /^https?:\/\/wordpress\.org\/export\/1\.[0-2]\/excerpt\/$/;
const supportedVersions = new Set(['1.0', '1.1', '1.2']);
const maxDepth = 100;

export class WxrReader {
  readonly channel: WxrChannel = { version: null, fields: new Map(), authors: [], terms: [] };
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly records: RecordFrame[] = [];
  private depth = 0;
  private capture: { key: string; depth: number; parts: string[]; target: Map<string, string> } | null = null;
  private category: { domain: string; nicename: string; parts: string[]; depth: number } | null = null;
  private itemCount = 0;

  constructor(private readonly onItem: (item: WxrItem) => void) {
    // WXR nests a handful of levels (bodies are escaped text, not elements); the parser
    // resolves namespaces by walking up the open elements, so depth is capped early.
    this.parser.on('opentagstart', () => {
      if (this.depth >= maxDepth) throw new ImportFormatError(`The file nests elements more than ${maxDepth} levels deep (line ${this.parser.line}); no WordPress export does.`, { line: this.parser.line });
    });
    this.parser.on('opentag', (tag) => this.openTag(tag));
    this.parser.on('closetag', () => this.closeTag());
    this.parser.on('text', (text) => this.addText(text));
    this.parser.on('cdata', (text) => this.addText(text));
    this.parser.on('error', (error) => {
      throw new ImportFormatError(`The WordPress export is not well-formed XML (line ${this.parser.line}): ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`, { line: this.parser.line });
    });
  }

  write(chunk: string): void {
    this.parser.write(chunk);
  }

  close(): WxrChannel {
    this.parser.close();
    this.requireVersion();
    return this.channel;
  }

  private openTag(tag: SaxesTagNS): void {
    this.depth++;
    const ns = namespaceOf(tag.uri);
    const name = tag.local;
    const top = this.records.at(-1);
    if (ns === '' && name === 'channel' && !top) {
      this.records.push({ kind: 'channel', depth: this.depth, fields: this.channel.fields });
      return;
    }
    if (ns === '' && name === 'item') {
      this.requireVersion();
      this.records.push({ kind: 'item', depth: this.depth, fields: new Map(), categories: [], meta: [] });
      return;
    }
    if (ns === 'wp' && (top?.kind === 'channel' || !top)) {
      if (name === 'author') return void this.records.push({ kind: 'author', depth: this.depth, fields: new Map() });
      if (name === 'category' || name === 'tag' || name === 'term') {
        return void this.records.push({ kind: 'term', depth: this.depth, fields: new Map(), meta: [], termTaxonomy: name === 'term' ? undefined : name === 'tag' ? 'post_tag' : 'category' });
      }
    }
    if (ns === 'wp' && (name === 'postmeta' || name === 'termmeta') && top && top.depth === this.depth - 1 && (top.kind === 'item' || top.kind === 'term')) {
      this.records.push({ kind: 'meta', depth: this.depth, fields: new Map() });
      return;
    }
    if (top?.kind === 'item' && top.depth === this.depth - 1 && ns === '' && name === 'category') {
      this.category = { domain: attr(tag, 'domain'), nicename: attr(tag, 'nicename'), parts: [], depth: this.depth };
      return;
    }
    // A direct child of a record, in a namespace we know: its text is a field. The version
    // is read wherever it is, so a file without a proper channel still says which it is.
    if (this.capture) return;
    if (top && top.depth === this.depth - 1 && ns !== null) {
      this.capture = { key: `${ns}:${name}`, depth: this.depth, parts: [], target: top.fields };
    } else if (ns === 'wp' && name === 'wxr_version') {
      this.capture = { key: 'wp:wxr_version', depth: this.depth, parts: [], target: this.channel.fields };
    }
  }

  private closeTag(): void {
    if (this.capture && this.capture.depth === this.depth) {
      const { target, key } = this.capture;
      const value = this.capture.parts.join('');
      if (!target.has(key)) target.set(key, value);
      if (this.capture.key === 'wp:wxr_version') this.readVersion(value);
      this.capture = null;
    } else if (this.category && this.category.depth === this.depth) {
      const item = this.records.at(-1)!;
      item.categories!.push({ domain: this.category.domain, nicename: this.category.nicename, name: this.category.parts.join('').trim() });
      this.category = null;
    }
    const top = this.records.at(-1);
    if (top && top.depth === this.depth) {
      this.records.pop();
      this.finish(top);
    }
    this.depth--;
  }

  private finish(record: RecordFrame): void {
    const f = (key: string) => record.fields.get(key)?.trim() ?? '';
    const parent = this.records.at(-1);
    if (record.kind === 'item') {
      this.onItem({ index: this.itemCount++, fields: record.fields, categories: record.categories!, meta: record.meta! });
    } else if (record.kind === 'meta' && parent?.meta) {
      parent.meta.push({ key: f('wp:meta_key'), value: record.fields.get('wp:meta_value') ?? '' });
    } else if (record.kind === 'author') {
      this.channel.authors.push({ id: f('wp:author_id'), login: f('wp:author_login'), email: f('wp:author_email'), displayName: f('wp:author_display_name') });
    } else if (record.kind === 'term') {
      const taxonomy = record.termTaxonomy ?? f('wp:term_taxonomy');
      this.channel.terms.push({
        id: f('wp:term_id'),
        taxonomy,
        slug: f('wp:category_nicename') || f('wp:tag_slug') || f('wp:term_slug'),
        name: f('wp:cat_name') || f('wp:tag_name') || f('wp:term_name'),
        description: f('wp:category_description') || f('wp:tag_description') || f('wp:term_description'),
        parent: f('wp:category_parent') || f('wp:term_parent'),
        meta: record.meta!,
      });
    }
  }

  private addText(text: string): void {
    if (this.capture) this.capture.parts.push(text);
    else if (this.category) this.category.parts.push(text);
  }

  private readVersion(value: string): void {
    const version = value.trim();
    if (!supportedVersions.has(version)) {
      throw new ImportFormatError(`Unsupported WXR version “${version.slice(0, 40)}” (line ${this.parser.line}): Duet reads WordPress exports of versions 1.0, 1.1 and 1.2.`, { line: this.parser.line });
    }
    this.channel.version ??= version;
  }

  private requireVersion(): void {
    if (this.channel.version === null) {
      throw new ImportFormatError('This is not a WordPress export: it has no <wp:wxr_version> (in the WXR 1.0–1.2 namespace) before its first item.', { line: this.parser.line });
    }
  }
}

function namespaceOf(uri: string): Namespace | null {
  if (uri === '') return '';
  if (wpExport.test(uri)) return 'wp';
  if (wpExcerpt.test(uri)) return 'excerpt';
  if (uri === 'http://purl.org/rss/1.0/modules/content/') return 'content';
  if (uri === 'http://purl.org/dc/elements/1.1/') return 'dc';
  return null;
}

function attr(tag: SaxesTagNS, name: string): string {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : (value?.value ?? '');
}
