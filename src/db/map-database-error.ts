// Turns constraint violations from either database into AppErrors that name the field
// at fault, so "slug already taken" reaches the editor as a 409 on `slug` rather than
// as a 500. The database constraint is the real guard (two editors can race); this only
// translates its answer.
import { AppError, type FieldErrors } from '@/core/errors/app-error';

interface UniqueRule {
  field: string;
  message: string;
}

/** Keyed by `table(columns)` as both databases report them. */
const uniqueRules: Record<string, UniqueRule> = {
  'post_translations(locale,slug)': { field: 'slug', message: 'Another post already uses this slug in this language.' },
  'post_translations(post_id,locale)': { field: 'locale', message: 'This post already has a translation in this language.' },
  'live_translations(locale,slug)': { field: 'slug', message: 'Another published text in this language already uses this slug.' },
  'tag_texts(locale,slug)': { field: 'slug', message: 'Another tag already uses this slug in this language.' },
  'tag_texts(tag_id,locale)': { field: 'locale', message: 'This tag already has a name in this language.' },
  'tags(key)': { field: 'key', message: 'Another tag already uses this key.' },
  'authors(handle)': { field: 'handle', message: 'Another author already uses this handle.' },
  'media(path)': { field: 'path', message: 'A media file with this path already exists.' },
  'settings(locale,key)': { field: 'key', message: 'This setting already exists in this language.' },
  'glossary_terms(zh,en)': { field: 'en', message: 'The glossary already has this pair of terms.' },
};

interface DriverError {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  detail?: unknown;
}

/** Returns an AppError for a recognised constraint violation, or the error unchanged. */
export function mapDatabaseError(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  const { code, message, table, detail } = error as DriverError;

  const unique = uniqueViolation(code, message, table, detail);
  if (unique) {
    const rule = uniqueRules[`${unique.table}(${unique.columns.join(',')})`];
    const field = rule?.field ?? camelCase(unique.columns.at(-1) ?? 'value');
    const text = rule?.message ?? `This ${field} is already in use.`;
    const fields: FieldErrors = { [field]: [text] };
    return new AppError('CONFLICT', text, { fields, cause: error });
  }

  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new AppError('VALIDATION', 'Refers to an author, tag, media file or post that does not exist.', {
      cause: error,
    });
  }
  // pg 22021: text PostgreSQL cannot store (U+0000); SQLite would have kept it.
  if (code === '22021') {
    return new AppError('VALIDATION', 'Text must not contain the NUL character (U+0000).', { cause: error });
  }
  return error;
}

function uniqueViolation(
  code: unknown,
  message: unknown,
  table: unknown,
  detail: unknown,
): { table: string; columns: string[] } | null {
  // better-sqlite3: "UNIQUE constraint failed: post_translations.locale, post_translations.slug"
  if ((code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') && typeof message === 'string') {
    const qualified = message.replace(/^.*constraint failed:\s*/i, '').split(/,\s*/);
    const columns = qualified.map((name) => name.split('.').pop() ?? name);
    const tableName = qualified[0]?.split('.')[0] ?? '';
    return { table: tableName, columns };
  }
  // pg: code 23505, table "post_translations", detail "Key (locale, slug)=(zh, x) already exists."
  if (code === '23505') {
    const match = typeof detail === 'string' ? /^Key \(([^)]*)\)/.exec(detail) : null;
    const columns = match?.[1]?.split(/,\s*/).map((c) => c.replace(/^"|"$/g, '')) ?? [];
    return { table: typeof table === 'string' ? table : '', columns };
  }
  return null;
}

function camelCase(column: string): string {
  return column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
