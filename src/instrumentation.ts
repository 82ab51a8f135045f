// Runs once when a server process starts: the publishing scheduler, the webhook
// delivery worker, the mail worker, clearing upload
// temp files a crash may have left behind, rendering again the texts whose stored
// rendering is missing or from an older renderer, and drawing again the pictures of the
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
    { startMailWorker },
  ] = await Promise.all([
    import('./server/studio/scheduler'),
    import('./server/media/clean-temp-uploads'),
    import('./server/revalidate-token'),
    import('./server/logger'),
    import('./server/render/refresh-renders'),
    import('./server/revalidate-over-http'),
    import('./server/render/render-pool'),
    import('./server/media/media-index'),
    import('./server/site/save-site-look'),
    import('./server/webhooks/delivery-worker'),
    import('./server/mail/mail-worker'),
  ]);
  warmRenderPool();
  startMediaIndex();
  const origin = localOrigin();
  startScheduler(origin);
  startWebhookWorker();
  startMailWorker();
  // After the server is listening (it revalidates through its own route when done).
  setTimeout(() => {
    refreshStaleRenders(() => revalidateOverHttp(origin)).catch((error: unknown) => logger.error({ err: error }, 'refreshing stored renderings failed'));
  }, 2000).unref();
  cleanTempUploads(dataDir(), 60 * 60 * 1000).catch((error: unknown) => logger.warn({ err: error }, 'could not clear old upload temp files'));
  repairSiteIconsAtStart().catch((error: unknown) => logger.warn({ err: error }, 'could not draw the site icon’s pictures'));
}

