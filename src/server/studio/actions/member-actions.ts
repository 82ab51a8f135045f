'use server';
// A site manager adds a member by hand (they vouch for the reader's consent): subscribed
// at once, to the newsletter chosen or else the default ones.
import { addMemberInput } from '@/core/members/member-directory';
import { normalizeEmail } from '@/core/members/member';
import { getDatabase } from '@/db/client';
import { addMemberByHand } from '@/db/members/member-directory';
import { readSiteNames } from '@/server/members/member-messages';
import { allowedActor, formLocale, formText, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

export async function addMemberAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const newsletter = formText(form, 'newsletter');
  const parsed = addMemberInput.safeParse({ email: formText(form, 'email'), language: formText(form, 'language'), newsletters: newsletter ? [newsletter] : [] });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('member.manage');
    const db = getDatabase();
    await addMemberByHand(db, { ...parsed.data, email: normalizeEmail(parsed.data.email) }, await readSiteNames(db), new Date());
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
