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
  updatedAt: string;
}

/** Where one language stands between its draft and what readers see. */
export interface PublicationState {
  status: TranslationStatus;
  /** The draft's current revision (null until the language exists). */
  draftRevisionId: number | null;
  /** When a scheduled publication or update will happen (ISO), and the revision it will publish. */
  publishAt: string | null;
  scheduledRevisionId: number | null;
  live: { revisionId: number; slug: string; publishedAt: string; updatedAt: string } | null;
  review: {
    state: 'pending' | 'approved' | 'returned' | 'withdrawn';
    /** The revision the request asks to publish: it follows the draft while pending. */
    revisionId: number;
    /** What was first submitted, and when a save last moved the request past it. */
    submittedRevisionId: number;
    changedAt: string | null;
    note: string;
    decisionNote: string;
    requestedByName: string | null;
    requestedAt: string;
    decidedByName: string | null;
    decidedAt: string | null;
  } | null;
}

/** What this account may do with this language (the server decides again on each request). */
export interface PanePermissions {
  edit: boolean;
  publish: boolean;
  update: boolean;
  submitReview: boolean;
  review: boolean;
  discard: boolean;
}

export interface PaneData {
  locale: 'zh' | 'en';
  isSource: boolean;
  postKind: 'post' | 'page';
  translation: ServerTranslation | null;
  publication: PublicationState;
  /** The text readers see now, to compare the draft with. */
  liveText: { title: string; body: string } | null;
  can: PanePermissions;
  /** What changed in the source since this translation was made (outdated only). */
  sourceDiff: DiffLine[] | null;
  /** The text first submitted for review, when saves have moved the pending request past it. */
  submittedText: { title: string; body: string } | null;
}

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
