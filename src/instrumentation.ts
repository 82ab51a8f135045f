// Runs once when a server process starts, before it serves: the database made ready (the
// demo seeded on a first start), the publishing scheduler, the webhook
// delivery worker, the mail worker, the fediverse's outbox and delivery queue, clearing upload
// temp files a crash may have left behind, rendering again the texts whose stored
// rendering is missing or from an older renderer, refreshing the Studio list's summary rows, and drawing again the pictures of the
// site's icon that a restore or an import did not bring.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // One of several instances without what they must share stops here (a bare `next start`;
  // `npm start` checks before it starts the server).
  (await import('./server/deployment/shared-mode.mjs')).exitUnlessSharedModeReady(process.env);
  const [
    { startScheduler },
    { cleanTempUploads },
    { dataDir },
    { logger },
    { refreshStaleRenders },
    { localOrigin, revalidateOverHttp },
    { warmRenderPool },
    { startMediaIndex },
    { repairSiteIconsAtStart },
    { startWebhookWorker },
    { ensureDatabase },
    { startMailWorker },
    { refreshStudioListInBackground },
    { startFederationWorker },
  ] = await Promise.all([
    import('./server/studio/scheduler'),
    import('./server/media/clean-temp-uploads'),
    import('./core/config/data-dir'),
    import('./server/logger'),
    import('./server/render/refresh-renders'),
    import('./server/revalidate-over-http'),
    import('./server/render/render-pool'),
    import('./server/media/media-index'),
    import('./server/site/save-site-look'),
    import('./server/webhooks/delivery-worker'),
    import('./server/ensure-database'),
    import('./server/mail/mail-worker'),
    import('./server/studio/refresh-studio-list'),
    import('./server/fediverse/federation-worker'),
  ]);
  warmRenderPool();
  // The database is migrated, and on a first start the demo magazine seeded, before the
  // server answers anyone: Next awaits this function before the first request it handles,
  // which under `npm start` is the server entry's own /api/health, before it says "ready"
  // (src/server-entry/main.ts). No reader waits a minute, unexplained, for the seed. A database that cannot be reached
  // yet (PostgreSQL still starting) is tried again by the first request that needs it.
  await ensureDatabase().catch((error: unknown) => logger.error({ err: error }, 'preparing the database failed; the first request will try again'));
  startMediaIndex();
  const origin = localOrigin();
  startScheduler(origin);
  startWebhookWorker();
  startMailWorker();
  startFederationWorker();
  // After the server is listening (it revalidates through its own route when done).
  setTimeout(() => {
    refreshStudioListInBackground().catch((error: unknown) => logger.error({ err: error }, 'refreshing the Studio list failed'));
    refreshStaleRenders(() => revalidateOverHttp(origin)).catch((error: unknown) => logger.error({ err: error }, 'refreshing stored renderings failed'));
  }, 2000).unref();
  cleanTempUploads(dataDir(), 60 * 60 * 1000).catch((error: unknown) => logger.warn({ err: error }, 'could not clear old upload temp files'));
  repairSiteIconsAtStart().catch((error: unknown) => logger.warn({ err: error }, 'could not draw the site icon’s pictures'));
}

