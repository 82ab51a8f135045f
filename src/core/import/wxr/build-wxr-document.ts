// Turns the records of a WordPress export into the import document: posts and pages
// become texts (menu items, revisions and other types are skipped; attachments only
// supply featured images and galleries), Polylang or WPML groups pair them, categories
// and tags become Duet tags with a name per language. Each item's HTML is read back from
// the body store only while it is converted, and its Markdown goes back into the store.
import type { Locale } from '@/core/locales';
import { bodiesInMemory, type StoredBody, withStoredBody } from '../body-store';
import { collectMedia, type MediaContext, mediaWarnings, resolveMedia } from '../collect-media';
import type { ImportAuthor, ImportDocument, ImportMediaRef, ImportStatus, ImportWarning } from '../import-document';
import { chooseLocale, type ImportOptions, resolveMapping } from '../import-options';
import { optionalText, toImportSlug, toPlainLine, uniqueSlugs } from '../import-values';
import { pairTexts, type TextCandidate } from '../pair-texts';
import { convertWordPressBody } from './convert-wordpress-body';
import { htmlToMarkdown } from '@/core/markdown/html-to-markdown';
import { WxrTranslations } from './read-translations';
import type { WxrChannel, WxrItem } from './read-wxr';
import { buildWxrTags } from './build-wxr-tags';
import { estimateSiteOffset, wordPressDate } from './wordpress-dates';

const statuses: Record<string, ImportStatus> = { publish: 'published', future: 'scheduled', draft: 'draft', pending: 'pending', private: 'private' };
const seoTitleKeys = ['_yoast_wpseo_title', 'rank_math_title', '_aioseo_title', '_aioseop_title'];
const seoDescriptionKeys = ['_yoast_wpseo_metadesc', 'rank_math_description', '_aioseo_description', '_aioseop_description'];
const canonicalKeys = ['_yoast_wpseo_canonical', 'rank_math_canonical_url', '_aioseo_canonical_url'];

/** An item whose `content:encoded` waits in the body store. */
export type StoredWxrItem = WxrItem & { content: StoredBody };

export function buildWxrDocument(channel: WxrChannel, items: StoredWxrItem[], options: ImportOptions): ImportDocument {
  const warnings: ImportWarning[] = [];
  const site = (key: string) => optionalText(channel.fields.get(key))?.replace(/\/+$/, '') ?? null;
  const ownUrl = site('wp:base_blog_url') ?? site(':link') ?? site('wp:base_site_url');
  const siteUrl = options.siteUrl?.replace(/\/+$/, '') ?? ownUrl;
  const media: MediaContext = { archiveFiles: options.archiveFiles, siteUrls: [siteUrl, site('wp:base_site_url')].filter((url): url is string => Boolean(url)) };
  const translations = new WxrTranslations(channel.terms);
  const offset = estimateSiteOffset(items);

  const attachments = new Map<string, { url: string; parent: string; order: number }>();
  for (const item of items) {
    if (field(item, 'wp:post_type') !== 'attachment') continue;
    attachments.set(field(item, 'wp:post_id'), { url: field(item, 'wp:attachment_url'), parent: field(item, 'wp:post_parent'), order: Number(field(item, 'wp:menu_order')) || 0 });
  }
  const childAttachments = (postId: string) =>
    [...attachments].filter(([, a]) => a.parent === postId && /\.(jpe?g|png|gif|webp|avif|svg)$/i.test(a.url)).sort((a, b) => a[1].order - b[1].order).map(([id]) => id);

  const skipped = new Map<string, number>();
  const candidates: TextCandidate[] = [];
  const itemTerms = new Map<string, WxrItem['categories']>();
  for (const item of items) {
    const type = field(item, 'wp:post_type');
    const status = field(item, 'wp:status');
    const id = field(item, 'wp:post_id');
    if (type !== 'post' && type !== 'page') {
      if (type !== 'attachment') skipped.set(type || '(no WordPress post type)', (skipped.get(type || '(no WordPress post type)') ?? 0) + 1);
      continue;
    }
    if (!id || !(status in statuses)) {
      skipped.set(`${type} (${status || 'no status'})`, (skipped.get(`${type} (${status || 'no status'})`) ?? 0) + 1);
      continue;
    }
    const title = field(item, ':title');
    const language = translations.languageOf(item);
    if (language && !language.locale) {
      warnings.push({ code: 'unsupported-locale', sourceId: id, message: `“${title}” is in ${language.code}; Duet publishes only Chinese and English, so it was not imported.` });
      continue;
    }

    const body = convertWordPressBody(item.content(), {
      baseUrl: siteUrl ?? undefined,
      attachmentUrl: (attachmentId) => attachments.get(attachmentId)?.url,
      childAttachments: () => childAttachments(id),
    });
    const excerptHtml = item.fields.get('excerpt:encoded') ?? '';
    const excerpt = excerptHtml.trim() ? toPlainLine(htmlToMarkdown(excerptHtml).markdown) : body.teaser;
    const { locale, evidence } = language?.locale
      ? { locale: language.locale, evidence: 'marker' as const }
      : chooseLocale(`${title}\n${excerpt}\n${body.markdown}`, id, options, warnings);

    const password = field(item, 'wp:post_password');
    let textStatus = statuses[status]!;
    if (password) {
      textStatus = 'draft';
      warnings.push({ code: 'password-protected', sourceId: id, message: `“${title}” was protected by a password in WordPress; it is imported as a draft.` });
    }
    if (body.kept.length > 0) {
      warnings.push({ code: 'shortcode-kept', sourceId: id, message: `Shortcodes kept as text: ${[...new Set(body.kept)].map((name) => `[${name}]`).join(', ')}.` });
    }
    if (body.dropped.length > 0) {
      warnings.push({ code: 'wordpress-block', sourceId: id, message: `“${title}” holds WordPress blocks that WordPress fills in as it displays the page, left out: ${body.dropped.join(', ')}.` });
    }

    const thumbnail = attachments.get(metaValue(item, ['_thumbnail_id']) ?? '');
    const cover = thumbnail?.url ? resolveMedia(thumbnail.url, media) : null;
    const found = collectMedia(body.markdown, media);
    if (cover?.problem) found.problems[cover.problem].unshift(cover.ref.source);
    warnings.push(...mediaWarnings(id, found.problems));
    const textMedia: ImportMediaRef[] = cover ? [cover.ref, ...found.media.filter((m) => m.source !== cover.ref.source)] : found.media;

    const posted = wordPressDate(field(item, 'wp:post_date'), field(item, 'wp:post_date_gmt'), offset);
    const modified = wordPressDate(field(item, 'wp:post_modified'), field(item, 'wp:post_modified_gmt'), offset);
    const seoTitle = metaValue(item, seoTitleKeys);
    itemTerms.set(id, item.categories);
    candidates.push({
      text: withStoredBody({
        sourceId: id,
        locale,
        localeEvidence: evidence,
        slug: toImportSlug(field(item, 'wp:post_name'), title, locale),
        title,
        excerpt,
        seoTitle: seoTitle && !seoTitle.includes('%%') ? seoTitle : null,
        seoDescription: metaValue(item, seoDescriptionKeys),
        status: textStatus,
        passwordProtected: Boolean(password),
        publishedAt: textStatus === 'draft' || textStatus === 'pending' ? null : posted,
        createdAt: posted,
        updatedAt: modified,
        canonicalUrl: metaValue(item, canonicalKeys),
        media: textMedia,
      }, (options.bodies ?? bodiesInMemory).keep(body.markdown)),
      kind: type,
      featured: field(item, 'wp:is_sticky') === '1',
      authors: field(item, 'dc:creator') ? [field(item, 'dc:creator')] : [],
      tags: [],
      cover: cover?.ref ?? null,
      group: translations.groupOf(item, id),
      urls: [field(item, ':link'), field(item, ':guid')].filter(Boolean),
    });
  }
  for (const [type, count] of skipped) {
    warnings.push({ code: 'skipped', sourceId: `post_type:${type}`, message: `${count} item(s) of type ${type} skipped: Duet imports posts and pages.` });
  }

  const tags = buildWxrTags(channel.terms, itemTerms, translations, candidates);
  const paired = pairTexts(candidates, { mapping: resolveMapping(options.mapping) });
  const usedAuthors = new Set(paired.posts.flatMap((post) => post.authors));
  return {
    source: { kind: 'wxr', version: channel.version, siteUrl, identity: ownUrl },
    authors: readAuthors(channel, usedAuthors),
    tags: tags.build(paired.posts),
    posts: paired.posts,
    warnings: [...warnings, ...paired.warnings],
  };
}

function readAuthors(channel: WxrChannel, used: Set<string>): ImportAuthor[] {
  const authors = new Map<string, ImportAuthor>();
  for (const author of channel.authors) {
    if (!author.login || !used.has(author.login)) continue;
    const name = author.displayName || author.login;
    const both: Partial<Record<Locale, string>> = { zh: name, en: name };
    authors.set(author.login, { sourceId: author.login, handle: author.login, name: both, bio: {}, email: optionalText(author.email) });
  }
  for (const login of used) {
    if (!authors.has(login)) authors.set(login, { sourceId: login, handle: login, name: { zh: login, en: login }, bio: {}, email: null });
  }
  // Logins may hold characters a handle may not (`>editor`); two may then fold alike.
  const list = [...authors.values()];
  const handles = uniqueSlugs(list.map((author) => toImportSlug(author.handle, author.name.en ?? author.handle, 'en')));
  return list.map((author, index) => ({ ...author, handle: handles[index]! }));
}

function field(item: WxrItem, key: string): string {
  return item.fields.get(key)?.trim() ?? '';
}

function metaValue(item: WxrItem, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = optionalText(item.meta.find((m) => m.key === key)?.value);
    if (value) return value;
  }
  return null;
}
