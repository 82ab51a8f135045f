'use server';
// Form action of the Account page's picture: one's own, chosen from the media library,
// shown on one's author page (so every page showing it is refreshed).
import { profilePictureInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { saveProfilePicture } from '@/db/repositories/profile-picture';
import { revalidateContent } from '@/server/revalidate';
import { allowedActor, chosenId, formLocale, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

export async function saveProfilePictureAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = profilePictureInput.safeParse({ imageMediaId: chosenId(form, 'imageMediaId') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('profile.edit-own');
    await saveProfilePicture(getDatabase(), actor.id, parsed.data.imageMediaId);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
