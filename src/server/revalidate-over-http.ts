// Revalidation from outside any request (a timer, a start-up task): Next lets only code
// running in a request revalidate, so such work asks this server's own internal route,
// with the token the CLI uses.
import { readOrCreateRevalidateToken } from './revalidate-token';

/** This server's own address, for the calls it makes to itself. */
export function localOrigin(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const host = env.HOST && env.HOST !== '0.0.0.0' ? env.HOST : '127.0.0.1';
  return `http://${host}:${env.PORT ?? '3000'}`;
}

export async function revalidateOverHttp(origin: string): Promise<void> {
  const response = await fetch(new URL('/api/v1/internal/revalidate', origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${readOrCreateRevalidateToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tags: ['content'] }),
  });
  if (!response.ok) throw new Error(`revalidation answered ${response.status}`);
}
