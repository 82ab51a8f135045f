// Tells a running Duet server that content changed, so it drops cached pages. The CLI
// writes to the database directly; without this the site would keep serving old pages.
import { redactUrl } from '@/server/log-redaction';
import { readOrCreateRevalidateToken } from '@/server/revalidate-token';

/** The environment variables the CLI reads; process.env in real use. */
export type CliEnv = Record<string, string | undefined>;

export type NotifyResult =
  | { status: 'revalidated'; url: string }
  | { status: 'not-running'; url: string }
  | { status: 'refused'; url: string; httpStatus: number; message: string };

export function revalidateUrl(env: CliEnv): string {
  const origin = env.SITE_URL ?? `http://localhost:${env.PORT ?? 3000}`;
  return new URL('/api/v1/internal/revalidate', origin).toString();
}

/** `url` in the result is for printing: a password in SITE_URL is taken out. */
export async function notifyServer(options: { env: CliEnv; dataDir: string }): Promise<NotifyResult> {
  const target = revalidateUrl(options.env);
  const url = redactUrl(target);
  let response: Response;
  try {
    response = await fetch(target, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${readOrCreateRevalidateToken(options.dataDir)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ tags: ['content'] }),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    // Connection refused, DNS failure or timeout: there is no server to tell.
    return { status: 'not-running', url };
  }
  if (response.ok) return { status: 'revalidated', url };
  const message = await response.text().catch(() => '');
  return { status: 'refused', url, httpStatus: response.status, message: message.slice(0, 500) };
}
