'use server';
// Form actions of the Settings page: the site in one language (name, description, links,
// the podcast's address), its look in every language (accent, logo, icon), its time
// zone, what newsletter sends give members whose language has no translation, and the phrasing
// of the Traditional-script pages. Each checks the session and `settings.manage`, parses the form with the input's
// zod schema, and refreshes every page, feed and manifest that shows what changed.
import { newsletterFallbackInput } from '@/core/newsletters/send-request';
import { hantVariantInput } from '@/core/script/script-settings';
import { siteLookInput, siteSettingsInput, siteTimeZoneInput } from '@/core/studio/inputs';
import { getDatabase } from '@/db/client';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { revalidateContent } from '@/server/revalidate';
import { dataDir } from '@/core/config/data-dir';
import { saveSiteLook } from '@/server/site/save-site-look';
import { parseLinkLines } from '@/core/studio/link-lines';
import { allowedActor, chosenId, formLocale, formText, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

/** Link lists are typed in one box each: an error on `navigation.3.href` goes beside it, with its line. */
function fieldsByBox(fields: Record<string, string[]>): Record<string, string[]> {
  const boxes: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const match = /^(navigation|socialLinks)\.(\d+)/.exec(key);
    const box = match?.[1] ?? key;
    const shown = match ? messages.map((m) => `${Number(match[2]) + 1}: ${m}`) : messages;
    boxes[box] = [...(boxes[box] ?? []), ...shown];
  }
  return boxes;
}

export async function saveSettingsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = siteSettingsInput.safeParse({
    locale: formText(form, 'locale'),
    title: formText(form, 'title'),
    description: formText(form, 'description'),
    navigation: parseLinkLines(formText(form, 'navigation')),
    socialLinks: parseLinkLines(formText(form, 'socialLinks')),
    podcastEmail: formText(form, 'podcastEmail'),
  });
  if (!parsed.success) {
    const state = await invalidForm(locale, parsed.error, form);
    return { ...state, fields: fieldsByBox(state.fields ?? {}) };
  }
  try {
    await allowedActor('settings.manage');
    await createSiteSettings(getDatabase()).saveLanguage(parsed.data);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveLookAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = siteLookInput.safeParse({
    accent: formText(form, 'accent'),
    logoMediaId: chosenId(form, 'logoMediaId'),
    darkLogoMediaId: chosenId(form, 'darkLogoMediaId'),
    iconMediaId: chosenId(form, 'iconMediaId'),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('settings.manage');
    await saveSiteLook({ settings: createSiteSettings(getDatabase()), dataDir: dataDir() }, parsed.data);
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveTimeZoneAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = siteTimeZoneInput.safeParse({ timeZone: formText(form, 'timeZone') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('settings.manage');
    await createSiteSettings(getDatabase()).saveTimeZone(parsed.data.timeZone);
    // Every reader's date is told in this zone: cached pages, cards and feeds show it anew.
    await revalidateContent();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveNewsletterFallbackAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = newsletterFallbackInput.safeParse({ newsletterFallback: formText(form, 'newsletterFallback') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('settings.manage');
    await createSiteSettings(getDatabase()).saveNewsletterFallback(parsed.data.newsletterFallback);
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

/** The Traditional-script pages follow the new phrasing within the half minute the server entry keeps the settings. */
export async function saveHantVariantAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = hantVariantInput.safeParse({ hantVariant: formText(form, 'hantVariant') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('settings.manage');
    await createSiteSettings(getDatabase()).saveHantVariant(parsed.data.hantVariant);
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
