// What the Studio API answers about one language of a post in the editor (the server
// builds it in server/studio/editor-panes.ts; the editor in components/studio/ reads it).
// Plain JSON, no database rows.
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

/** A newsletter this language can be e-mailed to, and its send of this language if any. */
export interface PaneNewsletter {
  id: number;
  name: { zh: string; en: string };
  send: { state: 'scheduled' | 'queued' | 'sending' | 'sent'; recipients: number; sent: number; failed: number; pending: number; createdAt: string } | null;
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
  /** The site's newsletters (empty until its first reader subscribes). */
  newsletters: PaneNewsletter[];
}
