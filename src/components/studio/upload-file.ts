// Sends one file to the media library with its progress reported as it goes
// (XMLHttpRequest reports upload progress; fetch does not). Sizes are checked here first
// so nobody waits for a 1 GB upload to be refused at the end. Used by the Media page and
// by the editor's drop and paste.
import type { Media } from '@/core/content/types';

export const uploadLimitsMb: Record<string, number> = { image: 20, audio: 200, video: 1024, subtitle: 2 };

export function mediaKindOf(file: File): string | undefined {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('audio/')) return 'audio';
  if (file.type.startsWith('video/')) return 'video';
  if (/\.(vtt|srt)$/i.test(file.name)) return 'subtitle';
  return undefined;
}

export type UploadResult = { ok: true; media: Media } | { ok: false; message: string; tooLarge?: { kind: string; maxMb: number } };

export function uploadFile(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const kind = mediaKindOf(file);
    if (kind && file.size > uploadLimitsMb[kind]! * 1024 * 1024) {
      resolve({ ok: false, message: `${kind} > ${uploadLimitsMb[kind]} MB`, tooLarge: { kind, maxMb: uploadLimitsMb[kind]! } });
      return;
    }
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ name: file.name || 'pasted' });
    xhr.open('POST', `/api/v1/studio/media?${query}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        onProgress(100);
        resolve({ ok: true, media: (JSON.parse(xhr.responseText) as { media: Media }).media });
        return;
      }
      let message = `HTTP ${xhr.status}`;
      try {
        const body = JSON.parse(xhr.responseText) as { error?: { message?: string; fields?: Record<string, string[]> } };
        message = body.error?.fields?.file?.[0] ?? body.error?.message ?? message;
      } catch {
        // Not JSON: keep the status.
      }
      resolve({ ok: false, message });
    };
    xhr.onerror = () => resolve({ ok: false, message: 'network error' });
    xhr.send(file);
  });
}
