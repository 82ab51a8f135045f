// What the server entry checks before and after it starts listening, refusing to serve
// when something it relies on is missing:
// - before: every Next.js file scripts/patch-next.mjs must change is patched (a reinstall
//   with --ignore-scripts, or a Next upgrade the patch no longer fits);
// - after: the layers stand in front of Next on the real socket: an answer carries the
//   security headers, and a path that cannot be decoded is the request guard's 400, not
//   Next's 500.
import { unpatchedFiles } from '../../scripts/patch-next.mjs';

/** Problems with the installed Next.js, as sentences; none when it is ready. */
export function nextPatchProblems(listUnpatched: () => string[] = unpatchedFiles): string[] {
  const files = listUnpatched();
  if (files.length === 0) return [];
  return [
    `Next.js is not patched to server-render not-found and error pages (scripts/patch-next.mjs): ${files.join(', ')}. Run \`node scripts/patch-next.mjs\` (npm install runs it) and start again.`,
  ];
}

/** Asks the listening server at `origin` whether its layers answer; the problems found. */
export async function layerProblems(origin: string, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  const problems: string[] = [];
  const malformed = await fetchImpl(`${origin}/%FF`, { redirect: 'manual' });
  const text = await malformed.text();
  if (malformed.status !== 400 || !text.startsWith('Bad Request')) problems.push(`the request guard did not answer a malformed path (got ${malformed.status})`);
  if (!malformed.headers.get('content-security-policy')) problems.push('answers carry no Content-Security-Policy (the security headers layer)');
  return problems;
}
