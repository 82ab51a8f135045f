// Turns one Ghost editor card (the same payloads in mobiledoc and lexical) into a piece of
// the body: HTML to convert, Markdown to keep as written (the markdown card), or nothing
// for cards that only exist in emails or on Ghost's members pages. A card Duet has no
// equivalent for stays visible as a fenced block holding its data, and is reported.
import { escapeHtml } from '@/core/markdown/html-tree';

export type BodyBlock = { html: string } | { markdown: string };

export interface CardResult {
  blocks: BodyBlock[];
  /** Set when the card could not be converted and was kept as data. */
  kept?: string;
}

type Payload = Record<string, unknown>;

// Cards with no place on a Duet page: the paywall marker, email-only content, signup forms.
const nothing = new Set(['paywall', 'email', 'email-cta', 'signup', 'collection', 'call-to-action-email']);

export function renderGhostCard(name: string, payload: Payload): CardResult {
  const card = name.replace(/^card-/, '');
  if (nothing.has(card)) return { blocks: [] };
  const html = (value: string) => ({ blocks: [{ html: value }] });
  switch (card) {
    case 'markdown':
      return { blocks: [{ markdown: str(payload.markdown).trim() }] };
    case 'html':
      return html(str(payload.html));
    case 'image':
      return html(figure([image(payload)], str(payload.caption), str(payload.href)));
    case 'gallery': {
      const images = Array.isArray(payload.images) ? (payload.images as Payload[]) : [];
      return html(figure(images.map(image), str(payload.caption)));
    }
    case 'code':
    case 'codeblock': {
      const language = str(payload.language).replace(/[^\w+#.-]/g, '');
      const code = `<pre><code${language ? ` class="language-${language}"` : ''}>${escapeHtml(str(payload.code))}</code></pre>`;
      return html(code + paragraph(str(payload.caption)));
    }
    case 'hr':
    case 'horizontalrule':
      return html('<hr>');
    case 'embed':
    case 'bookmark': {
      const url = str(payload.url);
      const metadata = (payload.metadata ?? {}) as Payload;
      const title = str(metadata.title) || url;
      const description = card === 'bookmark' ? str(metadata.description) : '';
      if (!url) return { blocks: [] };
      return html(`<p><a href="${escapeHtml(url)}">${escapeHtml(title)}</a>${description ? ` — ${escapeHtml(description)}` : ''}</p>${paragraph(str(payload.caption))}`);
    }
    case 'callout':
      return html(`<blockquote><p>${escapeHtml(str(payload.calloutEmoji))} ${str(payload.calloutText)}</p></blockquote>`);
    case 'toggle':
      return html(`<p><strong>${str(payload.heading)}</strong></p>${str(payload.content)}`);
    case 'button':
      return html(link(str(payload.buttonUrl), str(payload.buttonText)));
    case 'header': {
      const heading = str(payload.header) || str(payload.heading);
      const sub = str(payload.subheader) || str(payload.subheading);
      return html(`${heading ? `<h2>${heading}</h2>` : ''}${sub ? `<p>${sub}</p>` : ''}${link(str(payload.buttonUrl), str(payload.buttonText))}`);
    }
    case 'audio':
    case 'video':
    case 'file': {
      const label = str(payload.title) || str(payload.fileTitle) || str(payload.fileName) || str(payload.src);
      return html(link(str(payload.src), label) + paragraph(str(payload.caption) || str(payload.fileCaption)));
    }
    case 'product': {
      const img = str(payload.productImageSrc) ? `<p><img src="${escapeHtml(str(payload.productImageSrc))}" alt=""></p>` : '';
      return html(`${img}<p><strong>${str(payload.productTitle)}</strong></p>${str(payload.productDescription)}${link(str(payload.productUrl), str(payload.productButton))}`);
    }
    default:
      return keepAsData(card, payload);
  }
}

function keepAsData(card: string, payload: Payload): CardResult {
  const json = JSON.stringify(payload, null, 2) ?? '{}';
  const fence = '`'.repeat(Math.max(3, longestRun(json, '`') + 1));
  return { blocks: [{ markdown: `${fence}ghost-card-${card.replace(/[^\w-]/g, '')}\n${json}\n${fence}` }], kept: card };
}

function image(payload: Payload): string {
  const src = str(payload.src);
  if (!src) return '';
  const title = str(payload.title);
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(str(payload.alt))}"${title ? ` title="${escapeHtml(title)}"` : ''}>`;
}

function figure(images: string[], caption: string, href = ''): string {
  const body = images.filter(Boolean).map((img) => (href ? `<a href="${escapeHtml(href)}">${img}</a>` : img)).join('');
  if (!body) return '';
  return `<figure>${body}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
}

function link(url: string, label: string): string {
  return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(label || url)}</a></p>` : '';
}

function paragraph(innerHtml: string): string {
  return innerHtml ? `<p>${innerHtml}</p>` : '';
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function longestRun(text: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
