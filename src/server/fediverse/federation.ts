// Duet's ActivityPub server (#29), built on Fedify: one actor per language, WebFinger and
// NodeInfo, Articles by id, the inboxes, and delivery through a queue and a key–value store
// kept in Duet's own database, so every instance shares them and each queued message is
// worked by one instance. Ids are made from the site's URL (SITE_URL), never from a
// request's Host. Remote documents are fetched only through the SSRF-safe loaders.
import { createExponentialBackoffPolicy, createFederation, type Federation } from '@fedify/fedify';
import { Article } from '@fedify/vocab';
import { localeOfHandle } from '@/core/fediverse/settings';
import { siteUrl } from '@/core/config/site-url';
import { isLocale, locales } from '@/core/locales';
import { getDatabase, type Db } from '@/db/client';
import { createFediverseArticles } from '@/db/repositories/fediverse-articles';
import { createFediverseRepository } from '@/db/repositories/fediverse';
import { createFediverseSettings } from '@/db/repositories/fediverse-settings';
import { appVersion } from '@/server/version';
import { buildActor } from './actor';
import { actorKeyPairs } from './actor-keys';
import { articleOf } from './article-object';
import { addCollections } from './collections';
import { safeAuthenticatedDocumentLoader, safeDocumentLoader } from './document-loader';
import type { FederationData } from './federation-data';
import { addInboxListeners } from './inbox';
import { DatabaseKvStore } from './kv-store';
import { DatabaseMessageQueue, type DatabaseQueueOptions } from './message-queue';

export interface DuetFederation {
  federation: Federation<FederationData>;
  queue: DatabaseMessageQueue;
  origin: string;
  db: Db;
}

export interface DuetFederationOptions {
  origin?: string;
  queue?: DatabaseQueueOptions;
  /** The first retry's delay; Fedify doubles it up to 12 hours, 10 attempts (tests shorten it). */
  retryInitialMs?: number;
}

function retryInitialMs(options: DuetFederationOptions): number {
  const fromEnv = Number(process.env.DUET_FEDERATION_RETRY_MS);
  return options.retryInitialMs ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 60_000);
}

export function createDuetFederation(db: Db, options: DuetFederationOptions = {}): DuetFederation {
  const origin = options.origin ?? siteUrl().origin;
  const userAgent = `Duet/${appVersion} (+${origin}/)`;
  const queue = new DatabaseMessageQueue(db, options.queue);
  const federation = createFederation<FederationData>({
    kv: new DatabaseKvStore(db),
    // Deliveries and fan-outs are queued; an inbox post is handled while its sender waits,
    // so what it changed is there when the answer goes (and a failure is the sender's to retry).
    queue: { outbox: queue, fanout: queue },
    manuallyStartQueue: true,
    origin,
    // The loaders carry Duet's User-Agent (Fedify refuses both together).
    documentLoaderFactory: () => safeDocumentLoader(userAgent),
    contextLoaderFactory: () => safeDocumentLoader(userAgent),
    authenticatedDocumentLoaderFactory: (identity) => safeAuthenticatedDocumentLoader(identity, userAgent),
    outboxRetryPolicy: createExponentialBackoffPolicy({ initialDelay: { milliseconds: retryInitialMs(options) }, maxDelay: { hours: 12 }, maxAttempts: 10 }),
  });

  federation
    .setActorDispatcher('/ap/actors/{identifier}', async (ctx, identifier) => {
      if (!isLocale(identifier)) return null;
      return buildActor(ctx, identifier, await createFediverseSettings(ctx.data.db).getSettings());
    })
    .setKeyPairsDispatcher((ctx, identifier) => (isLocale(identifier) ? actorKeyPairs(ctx.data.db, identifier) : []))
    .mapHandle(async (ctx, username) => localeOfHandle(await createFediverseSettings(ctx.data.db).getSettings(), username));

  federation.setObjectDispatcher(Article, '/ap/articles/{id}/{locale}', async (ctx, values) => {
    if (!isLocale(values.locale) || !/^\d{1,12}$/.test(values.id)) return null;
    const found = await createFediverseArticles(ctx.data.db).findById(Number(values.id));
    return (found && articleOf(found, values.locale, ctx.canonicalOrigin)?.object) ?? null;
  });

  addCollections(federation);
  addInboxListeners(federation.setInboxListeners('/ap/actors/{identifier}/inbox', '/ap/inbox'));

  federation.setNodeInfoDispatcher('/ap/nodeinfo/2.1', async (ctx) => {
    const followers = await createFediverseRepository(ctx.data.db).countFollowers();
    const articles = createFediverseArticles(ctx.data.db);
    const posts = (await Promise.all(locales.map((l) => articles.countLive(l)))).reduce((a, b) => a + b, 0);
    return {
      software: { name: 'duet', version: appVersion.replace(/[^0-9A-Za-z.+-]/g, '') || '0.0.0', homepage: new URL(origin) },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: { users: { total: locales.length }, localPosts: posts, localComments: 0 },
      metadata: { followers: locales.reduce((n, l) => n + followers[l].accepted, 0) },
    };
  });

  return { federation, queue, origin, db };
}

const globalKey = Symbol.for('duet.federation');

/** This process's federation, over the site's database and URL. */
export function getFederation(): DuetFederation {
  const store = globalThis as typeof globalThis & { [globalKey]?: DuetFederation };
  const db = getDatabase();
  const origin = siteUrl().origin;
  const current = store[globalKey];
  if (current && current.db === db && current.origin === origin) return current;
  store[globalKey] = createDuetFederation(db, { origin });
  return store[globalKey];
}
