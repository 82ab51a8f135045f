// Why an upload was refused. Each refusal is an AppError (so the API answers it with
// its status and `fields.file`) that also carries a reason code and its numbers, for
// the Studio to word the refusal in the reader's language instead of the English message.
import type { MediaKind } from '@/core/content/types';
import { AppError, type ErrorCode } from '@/core/errors/app-error';
import type { SniffRefusalReason } from '@/core/media/sniff';
import type { VttProblem } from '@/core/media/subtitles';

export type UploadRefusalReason =
  | SniffRefusalReason
  | 'too-large'
  | 'kind-mismatch'
  | 'image-undecodable'
  | 'image-too-many-pixels'
  | 'subtitle-not-utf8'
  | 'subtitle-invalid'
  | 'interrupted'
  | 'role-limit'
  | 'storage-quota'
  | 'disk-full';

export interface UploadRefusalDetails {
  kind?: MediaKind;
  declaredKind?: MediaKind;
  maxBytes?: number;
  maxPixels?: number;
  problems?: VttProblem[];
}

const messages: Record<UploadRefusalReason, (details: UploadRefusalDetails) => string> = {
  empty: () => 'The file is empty.',
  svg: () => 'SVG images are not accepted: they can carry scripts. Export the image as PNG or WebP.',
  html: () => 'The file is a web page, not media.',
  xml: () => 'XML files are not accepted.',
  pdf: () => 'PDF files are not accepted.',
  archive: () => 'Archives and office documents are not accepted.',
  executable: () => 'Programs are not accepted.',
  script: () => 'Scripts are not accepted.',
  unsupported: () => 'This format cannot be shown or played by browsers.',
  unknown: () => 'The file is not an image, audio, video or subtitle format Duet accepts.',
  'too-large': ({ kind, maxBytes }) =>
    `The file is larger than the ${Math.floor((maxBytes ?? 0) / (1024 * 1024))} MB allowed${kind ? ` for ${kind} files` : ''}.`,
  'kind-mismatch': ({ kind, declaredKind }) => `The file is ${article(kind)} ${kind} file, not ${article(declaredKind)} ${declaredKind} file.`,
  'image-undecodable': () => 'The image could not be read: it may be damaged or cut short.',
  'image-too-many-pixels': ({ maxPixels }) => `The image has more than ${(maxPixels ?? 0) / 1_000_000} million pixels.`,
  'subtitle-not-utf8': () => 'Subtitles must be UTF-8 text.',
  'subtitle-invalid': ({ problems }) =>
    `The subtitles are not valid WebVTT (${(problems ?? []).map((p) => `line ${p.line}: ${p.code}`).join('; ')}).`,
  interrupted: () => 'The upload was interrupted before the whole file arrived.',
  'role-limit': ({ maxBytes }) => `Your role may upload files of at most ${Math.floor((maxBytes ?? 0) / (1024 * 1024))} MB.`,
  'storage-quota': ({ maxBytes }) =>
    maxBytes ? `The media library has room for ${Math.floor(maxBytes / (1024 * 1024))} MB more; this file is larger.` : 'The media library is full: its storage quota is used up.',
  'disk-full': () => 'The server is low on disk space, so uploads are paused. Ask the site owner.',
};

const codes: Partial<Record<UploadRefusalReason, ErrorCode>> = {
  'too-large': 'PAYLOAD_TOO_LARGE',
  'role-limit': 'PAYLOAD_TOO_LARGE',
  'storage-quota': 'PAYLOAD_TOO_LARGE',
  'disk-full': 'UNAVAILABLE',
  interrupted: 'BAD_REQUEST',
};

function article(kind: MediaKind | undefined): string {
  return kind === 'image' || kind === 'audio' ? 'an' : 'a';
}

export class UploadRefusedError extends AppError {
  declare readonly reason: UploadRefusalReason;
  readonly limits: UploadRefusalDetails;

  constructor(reason: UploadRefusalReason, details: UploadRefusalDetails = {}, cause?: unknown) {
    const message = messages[reason](details);
    super(codes[reason] ?? 'VALIDATION', message, { fields: { file: [message] }, cause, reason });
    this.name = 'UploadRefusedError';
    this.limits = details;
  }
}
