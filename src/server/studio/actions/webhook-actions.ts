'use server';
// Form actions of the Integrations page's webhooks: add, change and delete a hook, show
// or renew its signing secret, send it a test event, send a delivery again. Each checks
// `webhook.manage` (owners only) before it reads or changes anything, and refreshes the
// page so the list shows what changed.
import { refresh } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { AppError } from '@/core/errors/app-error';
import { redeliverInput, webhookIdInput, webhookInput } from '@/core/webhooks/webhook-inputs';
import { getDatabase } from '@/db/client';
import { createDeliveryQueue } from '@/db/repositories/webhook-deliveries';
import { createWebhookRepository } from '@/db/repositories/webhooks';
import type { Locale } from '@/core/locales';
import { siteUrl } from '@/core/config/site-url';
import { allowedActor, formLocale, formText } from '@/server/studio/action-helpers';
import { invalidForm, type FormState } from '@/server/studio/form-state';
import { wakeWebhookWorker } from '@/server/webhooks/delivery-worker';
import { failedWebhookForm, invalidWebhookForm, readWebhookForm } from '@/server/webhooks/webhook-form';

const hooks = () => createWebhookRepository(getDatabase());

async function done(locale: Locale, key: 'saved' | 'deleted' | 'testQueued' | 'redelivered', result?: string): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'studio.webhooks' });
  refresh();
  return { status: 'done', message: t(key), result };
}

export async function createWebhookAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = webhookInput.safeParse(readWebhookForm(form, 'create'));
  if (!parsed.success) return invalidWebhookForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('webhook.manage');
    const { secret } = await hooks().create(parsed.data, actor.id);
    return done(locale, 'saved', secret);
  } catch (error) {
    return failedWebhookForm(locale, error, form);
  }
}

export async function updateWebhookAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const id = webhookIdInput.safeParse({ id: Number(formText(form, 'id')) });
  if (!id.success) return invalidForm(locale, id.error, form);
  const parsed = webhookInput.safeParse(readWebhookForm(form, 'edit'));
  if (!parsed.success) return invalidWebhookForm(locale, parsed.error, form);
  try {
    await allowedActor('webhook.manage');
    await hooks().update(id.data.id, parsed.data);
    return done(locale, 'saved');
  } catch (error) {
    return failedWebhookForm(locale, error, form);
  }
}

/** The actions on one hook that take only its id. */
async function onHook(form: FormData, work: (id: number, locale: Locale) => Promise<FormState>): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = webhookIdInput.safeParse({ id: Number(formText(form, 'id')) });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('webhook.manage');
    return await work(parsed.data.id, locale);
  } catch (error) {
    return failedWebhookForm(locale, error, form);
  }
}

export async function deleteWebhookAction(_previous: FormState, form: FormData): Promise<FormState> {
  return onHook(form, async (id, locale) => {
    await hooks().remove(id);
    return done(locale, 'deleted');
  });
}

export async function revealWebhookSecretAction(_previous: FormState, form: FormData): Promise<FormState> {
  return onHook(form, async (id) => ({ status: 'done', result: await hooks().secretOf(id) }));
}

export async function rotateWebhookSecretAction(_previous: FormState, form: FormData): Promise<FormState> {
  return onHook(form, async (id) => ({ status: 'done', result: await hooks().rotateSecret(id) }));
}

export async function sendTestWebhookAction(_previous: FormState, form: FormData): Promise<FormState> {
  return onHook(form, async (id, locale) => {
    const hook = await hooks().get(id);
    if (!hook) throw new AppError('NOT_FOUND', 'There is no such webhook.', { reason: 'webhook-not-found' });
    if (!hook.active) throw new AppError('CONFLICT', 'This webhook is off: turn it on first.', { reason: 'webhook-off' });
    await createDeliveryQueue(getDatabase()).enqueuePing(hook.id, siteUrl().origin);
    wakeWebhookWorker();
    return done(locale, 'testQueued');
  });
}

export async function redeliverWebhookAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = redeliverInput.safeParse({ deliveryId: formText(form, 'deliveryId') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    await allowedActor('webhook.manage');
    const copy = await createDeliveryQueue(getDatabase()).redeliver(parsed.data.deliveryId);
    if (!copy) throw new AppError('CONFLICT', 'Only a delivery that succeeded or failed can be sent again.', { reason: 'not-finished' });
    wakeWebhookWorker();
    return done(locale, 'redelivered');
  } catch (error) {
    return failedWebhookForm(locale, error, form);
  }
}
