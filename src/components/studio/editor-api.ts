// The editor's calls to the Studio API, with the answers typed. Network failures are
// reported as `offline` so the editor can retry; HTTP errors carry the server's message
// and fields.
import type { DiffLine } from '@/core/content/text-diff';
import type { TranslationStatus } from '@/core/content/types';

export interface EditableFields {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
}

export interface ServerTranslation extends Omit<EditableFields, 'seoTitle' | 'seoDescription'> {
  seoTitle: string | null;
  seoDescription: string | null;
  revisionId: number;
  basedOnRevisionId: number | null;
  state: 'draft' | 'published';
  updatedAt: string;
}

export interface PaneData {
  locale: 'zh' | 'en';
  isSource: boolean;
  translation: ServerTranslation | null;
  status: TranslationStatus;
  publishAt: string | null;
  canEdit: boolean;
  canPublish: boolean;
  publicUrl: string | null;
  /** What changed in the source since this translation was made (outdated only). */
  sourceDiff: DiffLine[] | null;
}

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; offline: true }
  | { ok: false; offline: false; status: number; message: string; fields?: Record<string, string[]>; body: Record<string, unknown> };

export async function callApi<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<ApiResult<T>> {
  const { json, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, {
      ...rest,
      headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...rest.headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, offline: true };
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // An empty or non-JSON answer (a proxy's error page): the status says enough.
  }
  if (response.ok) return { ok: true, data: body as T };
  const error = (body.error ?? {}) as { message?: string; fields?: Record<string, string[]> };
  return { ok: false, offline: false, status: response.status, message: error.message ?? response.statusText, fields: error.fields, body };
}

export function toEditable(t: ServerTranslation | null): EditableFields {
  return {
    title: t?.title ?? '',
    slug: t?.slug ?? '',
    excerpt: t?.excerpt ?? '',
    body: t?.body ?? '',
    seoTitle: t?.seoTitle ?? '',
    seoDescription: t?.seoDescription ?? '',
  };
}

export function sameFields(a: EditableFields, b: EditableFields): boolean {
  return (Object.keys(a) as Array<keyof EditableFields>).every((k) => a[k] === b[k]);
}
