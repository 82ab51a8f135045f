// One tick of the mail worker, apart from its timer so a process of its own can run it
// (the kill -9 test's child, bench/newsletter.mjs's server): write the recipients of queued
// newsletter sends into the outbox, send what is due (a newsletter's e-mail made as it
// goes out) as fast as the site's send rate allows, and close the sends that are done. Returns how many e-mails went out.
import type { Db } from '@/db/client';
import { expandQueuedSends, finishSends } from '@/db/newsletters/expand-sends';
import { readSendRate } from '@/db/newsletters/send-rate';
import { readSiteNames } from '@/server/members/member-messages';
import { createNewsletterComposer } from '@/server/newsletters/compose-newsletter';
import { deliverDueEmails } from './deliver-outbox';
import type { MailSender } from './mail-transport';

export async function runMailTick(db: Db, sender: MailSender, now: () => Date = () => new Date()): Promise<number> {
  await expandQueuedSends(db, now());
  const names = await readSiteNames(db);
  const sendRate = await readSendRate(db);
  const sent = await deliverDueEmails({ db, sender, fromNameOf: (row) => (row.locale === 'en' ? names.en : names.zh), compose: createNewsletterComposer(db), now, sendRate });
  await finishSends(db, now());
  return sent;
}
