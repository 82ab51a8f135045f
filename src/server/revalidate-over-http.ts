// Revalidation from outside any request (a timer, a start-up task): Next lets only code
// running in a request revalidate, so such work asks this server's own internal route,
// with the token the CLI uses.
import { readOrCreateRevalidateToken } from './revalidate-token';

export async function revalidateOverHttp(origin: string): Promise<void> {
  const response = await fetch(new URL('/api/v1/internal/revalidate', origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${readOrCreateRevalidateToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ tags: ['content'] }),
  });
  if (!response.ok) throw new Error(`revalidation answered ${response.status}`);
}
