// Where e-mail goes. With SMTP_URL (smtp://user:pass@host:port, smtps://… for TLS from the
// first byte) nodemailer sends it to that server. Without it, the embedded default, each
// message is written whole as DATA_DIR/outbox/<outbox id>.eml (nodemailer's stream
// transport builds the same bytes an SMTP server would get), so a fresh `npm start` works
// end to end and the messages can be opened in any mail program. The file is written
// under a temporary name and renamed: a crash leaves no half message, and sending one
// outbox row twice rewrites the same file. With DKIM_DOMAIN, DKIM_SELECTOR and a key set
// (dkim.ts), both sign every message.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { dataDir } from '@/core/config/data-dir';
import { siteUrl } from '@/core/config/site-url';
import { dkimOptions } from './dkim';

export interface MailMessage {
  /** The outbox row's id: names the file and makes the Message-ID stable across retries. */
  outboxId: number;
  fromName: string;
  to: string;
  /** The language of the message ('zh', 'en', or 'zh, en'), sent as Content-Language. */
  language: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** More headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface MailSender {
  kind: 'smtp' | 'files';
  send(message: MailMessage): Promise<void>;
}

/** The sender address: MAIL_FROM, or no-reply at the site's host. */
export function fromAddress(env: NodeJS.ProcessEnv = process.env): string {
  return env.MAIL_FROM || `no-reply@${siteUrl().hostname}`;
}

function toNodemailer(message: MailMessage, from: string) {
  return {
    from: { name: message.fromName, address: from },
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<outbox-${message.outboxId}@${siteUrl().hostname}>`,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated', ...message.headers },
  };
}

export function outboxDir(dir = dataDir()): string {
  return join(dir, 'outbox');
}

export function createMailSender(env: NodeJS.ProcessEnv = process.env, dir = dataDir()): MailSender {
  const from = fromAddress(env);
  const dkim = dkimOptions(env) ?? undefined;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({ url: env.SMTP_URL, dkim });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail(toNodemailer(message, from));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', dkim });
  const folder = outboxDir(dir);
  return {
    kind: 'files',
    async send(message) {
      const info = await transport.sendMail(toNodemailer(message, from));
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, `${message.outboxId}.eml`);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, file);
    },
  };
}
