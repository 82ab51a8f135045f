'use server';
// Form actions of the Studio's Fediverse screens: accept or reject a held follow request,
// approve or hide a reply, block an actor or an instance and lift a block, and save the
// handles and policies. Each checks `fediverse.manage` before it changes anything; a
// change readers see (a reply shown or taken away, an address) re-renders their pages.
import { refresh } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { blockIdInput, blockInput, fediverseSettingsInput, followerDecisionInput, replyDecisionInput } from '@/core/fediverse/moderation';
import type { Locale } from '@/core/locales';
import { getDatabase } from '@/db/client';
import { createFediverseModeration } from '@/db/repositories/fediverse-moderation';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';
import { sendFollowDecision } from '@/server/fediverse/follow-decision';
import { revalidateContent } from '@/server/revalidate';
import { revalidateArticleReplies } from '@/server/site/fediverse-replies';
import { allowedActor, formLocale, formText } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

const moderation = () => createFediverseModeration(getDatabase());

type Done = 'accepted' | 'rejected' | 'approved' | 'hidden' | 'held' | 'blocked' | 'unblocked' | 'saved' | 'gone';

async function done(locale: Locale, key: Done): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'studio.fediverse.done' });
  refresh();
  return { status: 'done', message: t(key) };
}

export async function decideFollowRequestAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = followerDecisionInput.safeParse({ id: formText(form, 'id'), decision: formText(form, 'decision') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('fediverse.manage');
    const request = await moderation().decideFollowRequest(parsed.data.id, parsed.data.decision);
    // The follower's server hears the answer (queued; a dead instance never fails the form).
    if (request) await sendFollowDecision(request, parsed.data.decision);
    return done(locale, request ? (parsed.data.decision === 'accept' ? 'accepted' : 'rejected') : 'gone');
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function moderateReplyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = replyDecisionInput.safeParse({ id: formText(form, 'id'), state: formText(form, 'state') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('fediverse.manage');
    const changed = await moderation().setReplyState(parsed.data.id, parsed.data.state);
    if (!changed) return done(locale, 'gone');
    // The article's page shows approved replies only: it changes when one arrives or leaves.
    if (changed.previous === 'approved' || parsed.data.state === 'approved') await revalidateArticleReplies([changed]);
    return done(locale, parsed.data.state);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function blockAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = blockInput.safeParse({ kind: formText(form, 'kind'), value: formText(form, 'value') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('fediverse.manage');
    await revalidateArticleReplies(await moderation().addBlock(parsed.data, actor.id));
    return done(locale, 'blocked');
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function unblockAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = blockIdInput.safeParse({ id: formText(form, 'id') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('fediverse.manage');
    return done(locale, (await moderation().removeBlock(parsed.data.id)) ? 'unblocked' : 'gone');
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

export async function saveFediverseSettingsAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = fediverseSettingsInput.safeParse({
    zhHandle: formText(form, 'zhHandle'),
    enHandle: formText(form, 'enHandle'),
    followPolicy: formText(form, 'followPolicy'),
    repliesPolicy: formText(form, 'repliesPolicy'),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('fediverse.manage');
    const { zhHandle, enHandle, followPolicy, repliesPolicy } = parsed.data;
    await createFediverseSettings(getDatabase()).saveSettings({ handles: { zh: zhHandle, en: enHandle }, followPolicy, repliesPolicy });
    // Every article names the address to follow: its pages change with a handle.
    await revalidateContent();
    return done(locale, 'saved');
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
