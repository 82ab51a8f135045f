// Input checks the repository makes itself, because the database would answer them
// differently (or not at all) on SQLite and PostgreSQL.
import { AppError } from '@/core/errors/app-error';

export function requireText(value: string, field: string): string {
  if (value.trim() === '') throw new AppError('VALIDATION', `${field} must not be empty.`, { fields: { [field]: ['Required.'] } });
  return value;
}

/**
 * PostgreSQL text cannot hold U+0000 while SQLite can; refusing it here makes both
 * databases answer the same way (a 400 naming the field, not a driver error).
 */
export function rejectNul(fields: Record<string, string | null | undefined>): void {
  const bad = Object.entries(fields).filter(([, value]) => value?.includes('\u0000'));
  if (bad.length === 0) return;
  throw new AppError('VALIDATION', 'Text must not contain the NUL character (U+0000).', {
    fields: Object.fromEntries(bad.map(([field]) => [field, ['Contains U+0000.']])),
  });
}
