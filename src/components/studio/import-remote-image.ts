// Asks the server to copy an image from another site into the media library
// (POST /api/v1/studio/media/remote), for the editor's pastes and its "Upload to library"
// button. The answer is the library entry, or the refusal's stable reason to word.
import type { Media } from '@/core/content/types';

export type RemoteImportResult = { ok: true; media: Media } | { ok: false; reason: string; message: string };

export async function importRemoteImage(url: string): Promise<RemoteImportResult> {
  let response: Response;
  try {
    response = await fetch('/api/v1/studio/media/remote', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  } catch {
    return { ok: false, reason: 'offline', message: '' };
  }
  const body = (await response.json().catch(() => ({}))) as { media?: Media; error?: { message?: string; reason?: string } };
  if (response.ok && body.media) return { ok: true, media: body.media };
  return { ok: false, reason: body.error?.reason ?? 'other', message: body.error?.message ?? `HTTP ${response.status}` };
}
