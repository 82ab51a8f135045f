// Renders a Ghost mobiledoc document (the editor format of Ghost 1 to 4, spec 0.3) into
// body blocks: sections become HTML, cards go through renderGhostCard. Mobiledoc is flat
// (sections, list items, markers), so nothing here recurses.
import { escapeHtml } from '@/core/markdown/html-tree';
import { type BodyBlock, renderGhostCard } from './render-ghost-card';

export interface RenderedBody {
  blocks: BodyBlock[];
  /** Names of cards kept as data because they could not be converted. */
  kept: string[];
}

type Marker = [number, number[], number, unknown];
interface Mobiledoc {
  atoms?: unknown[];
  cards?: unknown[];
  markups?: unknown[];
  sections?: unknown[];
}

const sectionTags = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'aside', 'pull-quote']);
const markupTags = new Set(['a', 'b', 'strong', 'em', 'i', 'code', 's', 'del', 'strike', 'sub', 'sup', 'u']);

export function renderMobiledoc(document: unknown): RenderedBody {
  const doc = (document ?? {}) as Mobiledoc;
  const blocks: BodyBlock[] = [];
  const kept: string[] = [];
  const markups = Array.isArray(doc.markups) ? doc.markups : [];
  const atoms = Array.isArray(doc.atoms) ? doc.atoms : [];
  const cards = Array.isArray(doc.cards) ? doc.cards : [];
  for (const section of Array.isArray(doc.sections) ? doc.sections : []) {
    if (!Array.isArray(section)) continue;
    const [type] = section as [unknown];
    if (type === 1) {
      const tag = String(section[1]).toLowerCase();
      const element = sectionTags.has(tag) ? (tag === 'aside' || tag === 'pull-quote' ? 'blockquote' : tag) : 'p';
      blocks.push({ html: `<${element}>${renderMarkers(section[2], markups, atoms)}</${element}>` });
    } else if (type === 2 && typeof section[1] === 'string') {
      blocks.push({ html: `<p><img src="${escapeHtml(section[1])}" alt=""></p>` });
    } else if (type === 3) {
      const tag = String(section[1]).toLowerCase() === 'ol' ? 'ol' : 'ul';
      const items = (Array.isArray(section[2]) ? section[2] : []).map((item: unknown) => `<li>${renderMarkers(item, markups, atoms)}</li>`);
      blocks.push({ html: `<${tag}>${items.join('')}</${tag}>` });
    } else if (type === 10) {
      const card = cards[Number(section[1])];
      if (!Array.isArray(card)) continue;
      const result = renderGhostCard(String(card[0]), (card[1] ?? {}) as Record<string, unknown>);
      blocks.push(...result.blocks);
      if (result.kept) kept.push(result.kept);
    }
  }
  return { blocks, kept };
}

function renderMarkers(markers: unknown, markups: unknown[], atoms: unknown[]): string {
  if (!Array.isArray(markers)) return '';
  const out: string[] = [];
  const open: string[] = [];
  for (const raw of markers) {
    if (!Array.isArray(raw)) continue;
    const [type, opens, closes, value] = raw as Marker;
    for (const index of Array.isArray(opens) ? opens : []) {
      const markup = markups[index];
      if (!Array.isArray(markup)) continue;
      const tag = String(markup[0]).toLowerCase();
      const name = markupTags.has(tag) ? tag : 'span';
      const attributes = Array.isArray(markup[1]) ? (markup[1] as unknown[]) : [];
      const hrefAt = attributes.indexOf('href');
      const href = name === 'a' && hrefAt >= 0 ? ` href="${escapeHtml(String(attributes[hrefAt + 1] ?? ''))}"` : '';
      out.push(`<${name}${href}>`);
      open.push(name);
    }
    if (type === 1) {
      const atom = atoms[Number(value)];
      const atomName = Array.isArray(atom) ? String(atom[0]) : '';
      out.push(atomName === 'soft-return' ? '<br>' : escapeHtml(Array.isArray(atom) ? String(atom[1] ?? '') : ''));
    } else {
      out.push(escapeHtml(String(value ?? '')));
    }
    for (let closed = 0; closed < Number(closes) && open.length > 0; closed++) out.push(`</${open.pop()}>`);
  }
  while (open.length > 0) out.push(`</${open.pop()}>`);
  return out.join('');
}
