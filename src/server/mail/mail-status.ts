// How this site's e-mail leaves, for the Studio to say: through the SMTP server of
// SMTP_URL, or (the embedded default) as .eml files in DATA_DIR/outbox, counted, so an
// owner sees that their readers' e-mails are waiting on disk rather than sent.
import { readdir } from 'node:fs/promises';
import { outboxDir } from './mail-transport';

export type MailDelivery = { kind: 'smtp' } | { kind: 'files'; folder: string; count: number };

export async function mailDelivery(env: NodeJS.ProcessEnv = process.env): Promise<MailDelivery> {
  if (env.SMTP_URL) return { kind: 'smtp' };
  const folder = outboxDir();
  const names = await readdir(/*turbopackIgnore: true*/ folder).catch(() => [] as string[]);
  return { kind: 'files', folder, count: names.filter((name) => name.endsWith('.eml')).length };
}
