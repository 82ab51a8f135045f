// What the Studio's newsletter preview is asked for: a post, which version of its e-mail
// (the Chinese, the English, or the bilingual one a `both` member gets), the newsletter,
// and how to look at it (375 or 600 px wide, light or dark). The test send to oneself
// names the same post, version and newsletter. One schema each, for the page's query and
// the form's fields alike.
import { z } from 'zod';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const emailVersions = ['zh', 'en', 'both'] as const;
export type EmailVersion = (typeof emailVersions)[number];

export const previewWidths = [375, 600] as const;

export const testSendInput = z.strictObject({
  post: id,
  version: z.enum(emailVersions),
  /** Absent: the site's first default newsletter. */
  newsletter: id.optional(),
});
export type TestSendInput = z.infer<typeof testSendInput>;

export const previewQuery = testSendInput.extend({
  version: z.enum(emailVersions).optional(),
  width: z.enum(['375', '600']).default('600').transform(Number),
  scheme: z.enum(['light', 'dark']).default('light'),
});
export type PreviewQuery = z.infer<typeof previewQuery>;

/**
 * The e-mail's own dark rule, made to apply or not whatever the Studio's own scheme: a
 * `prefers-color-scheme` query inside a framed document follows the browser's setting,
 * not a toggle, so the preview turns the query itself on (`all`) or off (`not all`).
 */
export function previewDocument(html: string, scheme: 'light' | 'dark'): string {
  return html.replaceAll('@media (prefers-color-scheme: dark)', scheme === 'dark' ? '@media all' : '@media not all');
}
