// Copying an image that lives on another site into the media library: the request the
// Studio sends, and the reasons a copy is refused, which the editor words in the writer's
// language beside the image (messages: studio.writer.remoteReasons).
import { z } from 'zod';

export const remoteImageInput = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'Give the image’s address.')
    .max(4096, 'Use an address of at most 4096 characters.')
    .regex(/^https?:\/\//i, 'Give an http or https address.'),
});

export type RemoteImageInput = z.infer<typeof remoteImageInput>;

/**
 * Why the server could not copy a remote image, besides the upload's own reasons
 * (too large, not an image…): the address (`url`, `private-address`, `forbidden-address`,
 * `unresolvable`), the site's answer (`redirect`, `http-status`), or the way there
 * (`timeout`, `network`).
 */
export type RemoteImageRefusal = 'url' | 'unresolvable' | 'private-address' | 'forbidden-address' | 'redirect' | 'http-status' | 'timeout' | 'network';

/** How many redirects a copy follows, each to an address checked again. */
export const remoteImageRedirects = 3;

/** The time a whole copy may take: the address, the site's answer and every byte of the image. */
export const remoteImageTimeoutMs = 20_000;

/** The base of the stored file's name: the last segment of the address's path. */
export function remoteImageName(url: string): string {
  try {
    const segment = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    return decodeURIComponent(segment) || 'image';
  } catch {
    return 'image';
  }
}

/**
 * Addresses on this machine or a private network that the server may fetch images from
 * anyway: `DUET_TEST_FETCH_ADDRESSES`, a comma-separated list of IP addresses, set by the
 * test suites for their local image server and by nobody else. Empty by default.
 */
export function testFetchAddresses(env: Record<string, string | undefined>): ReadonlySet<string> {
  return new Set(
    (env.DUET_TEST_FETCH_ADDRESSES ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  );
}
