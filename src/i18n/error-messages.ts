// The error views' words in both languages. They live apart from the rest of the messages
// (messages/errors/) so the browser's copy of the error boundaries carries a few hundred
// bytes instead of every message: a reading page ships no other message to the client.
import en from '../../messages/errors/en.json';
import zh from '../../messages/errors/zh.json';
import type { Locale } from '@/core/locales';

export type ErrorMessages = typeof en;

export const errorMessages: Record<Locale, ErrorMessages> = { en, zh };

/** "Error {status}" with its status filled in, as next-intl would format it. */
export function statusLabel(messages: ErrorMessages, status: number): string {
  return messages.statusLabel.replace('{status}', String(status));
}
