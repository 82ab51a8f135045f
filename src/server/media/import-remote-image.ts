// Copies an image from another site into the media library, as if it had been uploaded:
// the server fetches it through the SSRF-safe request (server/net/safe-request.ts: http(s)
// only, every address checked and pinned, private and loopback refused, link-local never,
// each redirect checked again), within one time limit, and streams the answer into the
// upload's own ingest (upload-media.ts): the image limit cuts it off, its first bytes
// decide whether it is an image at all, and nothing past the limit is read.
import type { Role } from '@/core/auth/permissions';
import { AppError } from '@/core/errors/app-error';
import { maxUploadBytes } from '@/core/media/limits';
import { remoteImageName, remoteImageRedirects, remoteImageTimeoutMs, testFetchAddresses, type RemoteImageRefusal } from '@/core/media/remote-image';
import { TargetRefusedError, type AddressPolicy, type Resolver } from '@/server/net/resolve-target';
import { deadline, safeRequest, type SafeResponse } from '@/server/net/safe-request';
import { uploadMedia, type UploadedMedia } from './upload-media';
import { UploadRefusedError } from './upload-error';

export class RemoteImageRefusedError extends AppError {
  declare readonly reason: RemoteImageRefusal;

  constructor(reason: RemoteImageRefusal, message: string, readonly httpStatus?: number) {
    super('VALIDATION', message, { fields: { url: [message] }, reason });
    this.name = 'RemoteImageRefusedError';
  }
}

export interface ImportRemoteImageInput {
  url: string;
  uploader: { id: string; role: Role };
  /** Where the server may fetch from; the default is the public internet (plus DUET_TEST_FETCH_ADDRESSES). */
  policy?: AddressPolicy;
  resolver?: Resolver;
  timeoutMs?: number;
}

const accept = 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8';

export function remoteImagePolicy(env: Record<string, string | undefined> = process.env): AddressPolicy {
  return { allowPrivateNetwork: false, allowedAddresses: testFetchAddresses(env) };
}

async function fetchImage(input: ImportRemoteImageInput, signal: AbortSignal): Promise<SafeResponse> {
  try {
    return await safeRequest({
      url: input.url,
      headers: { accept, 'user-agent': 'Duet media import' },
      policy: input.policy ?? remoteImagePolicy(),
      resolver: input.resolver,
      maxRedirects: remoteImageRedirects,
      signal,
    });
  } catch (error) {
    if (error instanceof TargetRefusedError) throw new RemoteImageRefusedError(error.reason, error.message);
    if (signal.aborted) throw new RemoteImageRefusedError('timeout', 'The site took too long to send the image.');
    throw new RemoteImageRefusedError('network', `The site could not be reached (${(error as { code?: string }).code ?? (error as Error).message}).`);
  }
}

export async function importRemoteImage(input: ImportRemoteImageInput): Promise<UploadedMedia> {
  const limit = deadline(input.timeoutMs ?? remoteImageTimeoutMs);
  let response: SafeResponse | null = null;
  try {
    response = await fetchImage(input, limit.signal);
    const { status, headers } = response;
    if (status >= 300 && status < 400) throw new RemoteImageRefusedError('redirect', `The site sent the image on more than ${remoteImageRedirects} times, or nowhere.`);
    if (status !== 200) throw new RemoteImageRefusedError('http-status', `The site answered ${status} instead of the image.`, status);
    // A length the site declares over the limit is refused before a byte is read.
    if (Number(headers['content-length'] ?? 0) > maxUploadBytes.image) throw new UploadRefusedError('too-large', { kind: 'image', maxBytes: maxUploadBytes.image });
    return await uploadMedia({ stream: response.body, fileName: remoteImageName(response.url.href), declaredKind: 'image', uploader: input.uploader });
  } catch (error) {
    if (limit.signal.aborted && !(error instanceof RemoteImageRefusedError)) throw new RemoteImageRefusedError('timeout', 'The site took too long to send the image.');
    throw error;
  } finally {
    response?.body.destroy();
    limit.clear();
  }
}
