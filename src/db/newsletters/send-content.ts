// What a newsletter e-mail is made from, read when it is sent: the send, its newsletter,
// and the live version of each language of the post (the stored rendering readers see).
import type { Kysely } from 'kysely';
import type { Locale } from '@/core/locales';
import { decodeStoredBlocks } from '@/core/markdown/stored-blocks';
import type { Database } from '../schema';
import { unpackPlainText, unpackText, type StoredText } from '../stored-text';

export interface LiveText {
  locale: Locale;
  slug: string;
  title: string;
  excerpt: string;
  html: string;
  blocks: string[];
  text: string;
}

export interface SendContent {
  send: { id: number; postId: number; locale: Locale; newsletterId: number };
  newsletter: { id: number; name: Record<Locale, string>; senderName: string; replyTo: string | null };
  live: Partial<Record<Locale, LiveText>>;
}

/** A stored rendering (live or draft) as the e-mail reads it. */
export function liveTextOf(row: StoredLiveText): LiveText {
  const html = unpackText(row.html);
  return {
    locale: row.locale as Locale,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt || row.derived_excerpt || '',
    html: html ?? '',
    blocks: row.blocks && html !== null ? decodeStoredBlocks(html, row.blocks) : [],
    text: unpackPlainText(row.body_text, html) ?? '',
  };
}

export interface StoredLiveText {
  locale: string;
  slug: string;
  title: string;
  excerpt: string;
  derived_excerpt: string | null;
  html: StoredText | null;
  blocks: string | null;
  body_text: StoredText | null;
}

export async function readSendContent(db: Kysely<Database>, sendId: number): Promise<SendContent | null> {
  const send = await db
    .selectFrom('newsletter_sends as s')
    .innerJoin('newsletters as n', 'n.id', 's.newsletter_id')
    .select(['s.id', 's.post_id', 's.locale', 's.newsletter_id', 'n.name_zh', 'n.name_en', 'n.sender_name', 'n.reply_to'])
    .where('s.id', '=', sendId)
    .executeTakeFirst();
  if (!send) return null;
  const rows = await db
    .selectFrom('live_translations')
    .select(['locale', 'slug', 'title', 'excerpt', 'derived_excerpt', 'html', 'blocks', 'body_text'])
    .where('post_id', '=', send.post_id)
    .execute();
  const live: Partial<Record<Locale, LiveText>> = {};
  for (const row of rows) live[row.locale as Locale] = liveTextOf(row);
  return {
    send: { id: Number(send.id), postId: Number(send.post_id), locale: send.locale as Locale, newsletterId: Number(send.newsletter_id) },
    newsletter: { id: Number(send.newsletter_id), name: { zh: send.name_zh, en: send.name_en }, senderName: send.sender_name, replyTo: send.reply_to },
    live,
  };
}
