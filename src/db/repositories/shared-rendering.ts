// A draft whose revision is the one live shares the live text's stored rendering instead of
// keeping a copy: its html, blocks, body_text and derived_excerpt are null (see
// live-translation.ts, which makes and undoes the sharing; the derived excerpt since
// 2027-01-10T0002-shared-derived-excerpt). A reader of a draft's rendering joins the live
// text of the same revision (by primary key) and takes the draft's own columns first.

/** What a draft's rendering columns are set to while it shares the live one. */
export const sharedRenderColumns = { html: null, blocks: null, body_text: null, derived_excerpt: null } as const;
