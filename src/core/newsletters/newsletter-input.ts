// A newsletter as a site manager sets it up: its name and description in each language
// (what members see when they choose), the sender's name and reply-to address of its
// e-mails, and whether a signup that names no newsletter gets it.
import { z } from 'zod';

const name = z.string().trim().min(1).max(120);
const description = z.string().trim().max(500);

export const newsletterInput = z.strictObject({
  nameZh: name,
  nameEn: name,
  descriptionZh: description,
  descriptionEn: description,
  /** Empty: the site's name. */
  senderName: z.string().trim().max(120),
  /** Empty: replies go to the sending address. */
  replyTo: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email())]),
  isDefault: z.boolean(),
});
export type NewsletterInput = z.infer<typeof newsletterInput>;

export interface NewsletterSettings extends NewsletterInput {
  id: number;
  members: number;
}
