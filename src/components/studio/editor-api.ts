// The editor's calls to the Studio API, with the answers typed. Network failures are
// reported as `offline` so the editor can retry; HTTP errors carry the server's message
// and fields.
import type { EditableFields, PaneData, ServerTranslation } from '@/core/studio/pane-data';

export type { EditableFields, PaneData, PanePermissions, PublicationState, ServerTranslation } from '@/core/studio/pane-data';

/** The public address of a language of a post, once published. */
export function publicPath(kind: 'post' | 'page', locale: 'zh' | 'en', slug: string): string {
  return kind === 'page' ? `/${locale}/${encodeURIComponent(slug)}` : `/${locale}/posts/${encodeURIComponent(slug)}`;
}

export type PublicationAction = 'publish' | 'schedule' | 'cancel-schedule' | 'unpublish' | 'discard' | 'submit-review' | 'approve' | 'return';

/** Both languages as the server answered a publication step taken in one of them. */
export interface FreshPanes {
  panes: PaneData[];
  action: PublicationAction;
  locale: 'zh' | 'en';
}

export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; offline: true }
  | { ok: false; offline: false; status: number; message: string; fields?: Record<string, string[]>; reason?: string; body: Record<string, unknown> };

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
  const error = (body.error ?? {}) as { message?: string; fields?: Record<string, string[]>; reason?: string };
  return { ok: false, offline: false, status: response.status, message: error.message ?? response.statusText, fields: error.fields, reason: error.reason, body };
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
