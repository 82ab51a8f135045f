// What the Integrations page shows, read for its sections (components/studio/api-keys,
// components/studio/webhooks): the API keys with their recent uses, and the webhooks with
// their recent deliveries. The page has already checked who may see them.
import { getDatabase } from '@/db/client';
import { createApiKeysRepository, type ApiKeySummary, type ApiKeyUseRow } from '@/db/repositories/api-keys';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { createDeliveryQueue, type DeliveryRow } from '@/db/repositories/webhook-deliveries';
import { createWebhookRepository, type Webhook } from '@/db/repositories/webhooks';

export type { ApiKeySummary, ApiKeyUseRow, DeliveryRow, Webhook };

/** Every API key, and the last `usesPerKey` requests made with each. */
export async function listApiKeys(usesPerKey = 20): Promise<{ keys: ApiKeySummary[]; uses: Map<number, ApiKeyUseRow[]> }> {
  const repo = createApiKeysRepository(getDatabase());
  const keys = await repo.list();
  const uses = new Map<number, ApiKeyUseRow[]>(await Promise.all(keys.map(async (k) => [k.id, await repo.listUses(k.id, usesPerKey)] as const)));
  return { keys, uses };
}

/** Every webhook with its recent deliveries (in the same order), and the site's time zone to show their times in. */
export async function listWebhooks(): Promise<{ timeZone: string; hooks: Webhook[]; deliveries: DeliveryRow[][] }> {
  const db = getDatabase();
  const queue = createDeliveryQueue(db);
  const [timeZone, hooks] = await Promise.all([createSiteSettings(db).getTimeZone(), createWebhookRepository(db).list()]);
  const deliveries = await Promise.all(hooks.map((hook) => queue.listRecent(hook.id)));
  return { timeZone, hooks, deliveries };
}
