'use server';
// Form actions for API keys (Studio › Integrations): make one, shown to its maker once,
// and revoke one. Owners and admins only (`apikey.manage`).
import { refresh } from 'next/cache';
import { z } from 'zod';
import { createApiKeyInput } from '@/core/api-keys/api-key';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { createApiKeysRepository } from '@/db/repositories/api-keys';
import { forgetCachedKeys } from '@/server/api-keys/key-cache';
import { allowedActor, formLocale, formText, savedState } from '@/server/studio/action-helpers';
import { failedForm, invalidForm, type FormState } from '@/server/studio/form-state';

export async function createApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const rate = formText(form, 'rateLimitPerMinute').trim();
  const parsed = createApiKeyInput.safeParse({
    name: formText(form, 'name'),
    scope: formText(form, 'scope'),
    allowedOrigins: formText(form, 'allowedOrigins'),
    ...(rate ? { rateLimitPerMinute: rate } : {}),
  });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('apikey.manage');
    const { key } = await createApiKeysRepository(getDatabase()).create(parsed.data, actor.id);
    refresh();
    return { status: 'done', result: key };
  } catch (error) {
    return failedForm(locale, error, form);
  }
}

const revokeInput = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function revokeApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const locale = formLocale(form);
  const parsed = revokeInput.safeParse({ id: formText(form, 'id') });
  if (!parsed.success) return invalidForm(locale, parsed.error, form);
  try {
    const actor = await allowedActor('apikey.manage');
    if (!(await createApiKeysRepository(getDatabase()).revoke(parsed.data.id, actor.id))) {
      throw new AppError('NOT_FOUND', 'This key does not exist or is already revoked.');
    }
    // At once on this instance; other instances stop accepting it within two seconds.
    forgetCachedKeys();
    refresh();
    return savedState(locale);
  } catch (error) {
    return failedForm(locale, error, form);
  }
}
