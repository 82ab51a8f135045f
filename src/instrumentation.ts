// Runs once when a server process starts: the publishing scheduler, and clearing upload
// temp files a crash may have left behind.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ startScheduler }, { cleanTempUploads }, { dataDir }, { logger }] = await Promise.all([
    import('./server/studio/scheduler'),
    import('./server/media/clean-temp-uploads'),
    import('./server/revalidate-token'),
    import('./server/logger'),
  ]);
  const host = process.env.HOST && process.env.HOST !== '0.0.0.0' ? process.env.HOST : '127.0.0.1';
  startScheduler(`http://${host}:${process.env.PORT ?? '3000'}`);
  cleanTempUploads(dataDir(), 60 * 60 * 1000).catch((error: unknown) => logger.warn({ err: error }, 'could not clear old upload temp files'));
}
