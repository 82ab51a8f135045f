// The site's glossary in the database: listed (with a search over both languages and the
// note), added, changed and removed one term at a time, and replaced or merged by an
// import inside one transaction, so a refused file leaves the glossary as it was. Also the
// dismissals of translation checks, recorded per revision of a translation.
import type { Kysely } from 'kysely';
import type { GlossaryTerm, GlossaryTermInput } from '@/core/translation/glossary';
import type { Locale } from '@/core/locales';
import type { Database } from '../schema';
import { inTransaction } from '../transaction';

type TermRow = { id: number; zh: string; en: string; note: string; do_not_translate: number; forbidden: string };

function readForbidden(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const toTerm = (row: TermRow): GlossaryTerm => ({ id: row.id, zh: row.zh, en: row.en, note: row.note, doNotTranslate: row.do_not_translate === 1, forbidden: readForbidden(row.forbidden) });
const toColumns = (input: GlossaryTermInput) => ({ zh: input.zh, en: input.en, note: input.note, do_not_translate: input.doNotTranslate ? 1 : 0, forbidden: JSON.stringify(input.forbidden) });

export interface CheckDismissal {
  checkKey: string;
  code: string;
  reason: string;
  dismissedBy: string | null;
  dismissedByName: string | null;
  dismissedAt: string;
}

export function createGlossaryRepository(db: Kysely<Database>) {
  return {
    /**
     * Every term, or those whose either side or note contains `query` (any case), by
     * Chinese term. A glossary is bounded (an import brings at most a few thousand terms),
     * so the search runs over the rows rather than through each database's LIKE escaping.
     */
    async list(query = ''): Promise<GlossaryTerm[]> {
      const rows = await db.selectFrom('glossary_terms').select(['id', 'zh', 'en', 'note', 'do_not_translate', 'forbidden']).orderBy('zh').orderBy('en').execute();
      const needle = query.trim().toLowerCase();
      const terms = rows.map(toTerm);
      return needle === '' ? terms : terms.filter((t) => [t.zh, t.en, t.note, ...t.forbidden].some((text) => text.toLowerCase().includes(needle)));
    },

    async find(id: number): Promise<GlossaryTerm | null> {
      const row = await db.selectFrom('glossary_terms').select(['id', 'zh', 'en', 'note', 'do_not_translate', 'forbidden']).where('id', '=', id).executeTakeFirst();
      return row ? toTerm(row) : null;
    },

    async add(input: GlossaryTermInput, userId: string | null, now = new Date()): Promise<GlossaryTerm> {
      return inTransaction(db, async (trx) => {
        const at = now.toISOString();
        const row = await trx
          .insertInto('glossary_terms')
          .values({ ...toColumns(input), created_at: at, updated_at: at, updated_by: userId })
          .returning(['id', 'zh', 'en', 'note', 'do_not_translate', 'forbidden'])
          .executeTakeFirstOrThrow();
        return toTerm(row);
      });
    },

    /** Changes a term; null when it was removed meanwhile. */
    async update(id: number, input: GlossaryTermInput, userId: string | null, now = new Date()): Promise<GlossaryTerm | null> {
      return inTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('glossary_terms')
          .set({ ...toColumns(input), updated_at: now.toISOString(), updated_by: userId })
          .where('id', '=', id)
          .returning(['id', 'zh', 'en', 'note', 'do_not_translate', 'forbidden'])
          .executeTakeFirst();
        return row ? toTerm(row) : null;
      });
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('glossary_terms').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Brings in the terms of a file: a pair already in the glossary is updated (note,
     * flag and variants from the file), a new pair added. All or nothing.
     */
    async importTerms(terms: readonly GlossaryTermInput[], userId: string | null, now = new Date()): Promise<{ added: number; updated: number }> {
      return inTransaction(db, async (trx) => {
        const at = now.toISOString();
        let added = 0;
        let updated = 0;
        for (const term of terms) {
          const existing = await trx.selectFrom('glossary_terms').select('id').where('zh', '=', term.zh).where('en', '=', term.en).executeTakeFirst();
          if (existing) {
            await trx.updateTable('glossary_terms').set({ ...toColumns(term), updated_at: at, updated_by: userId }).where('id', '=', existing.id).execute();
            updated += 1;
          } else {
            await trx.insertInto('glossary_terms').values({ ...toColumns(term), created_at: at, updated_at: at, updated_by: userId }).execute();
            added += 1;
          }
        }
        return { added, updated };
      });
    },

    /** The checks waved through for this revision of a translation, with who did it and why. */
    async dismissals(postId: number, locale: Locale, revisionId: number): Promise<CheckDismissal[]> {
      const rows = await db
        .selectFrom('translation_check_dismissals as d')
        .leftJoin('auth_users as u', 'u.id', 'd.dismissed_by')
        .select(['d.check_key', 'd.code', 'd.reason', 'd.dismissed_by', 'd.dismissed_at', 'u.name'])
        .where('d.post_id', '=', postId)
        .where('d.locale', '=', locale)
        .where('d.revision_id', '=', revisionId)
        .orderBy('d.id')
        .execute();
      return rows.map((r) => ({ checkKey: r.check_key, code: r.code, reason: r.reason, dismissedBy: r.dismissed_by, dismissedByName: r.name ?? null, dismissedAt: r.dismissed_at }));
    },

    /** Records a dismissal; dismissing the same check of the same revision again keeps the first reason. */
    async dismiss(input: { postId: number; locale: Locale; revisionId: number; checkKey: string; code: string; reason: string; userId: string | null }, now = new Date()): Promise<void> {
      await db
        .insertInto('translation_check_dismissals')
        .values({
          post_id: input.postId,
          locale: input.locale,
          revision_id: input.revisionId,
          check_key: input.checkKey,
          code: input.code,
          reason: input.reason,
          dismissed_by: input.userId,
          dismissed_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['post_id', 'locale', 'revision_id', 'check_key']).doNothing())
        .execute();
    },
  };
}
export type GlossaryRepository = ReturnType<typeof createGlossaryRepository>;
