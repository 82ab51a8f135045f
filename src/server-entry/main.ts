// Duet's HTTP server: Next.js's documented custom server (`next()`, its request handler,
// `http.createServer`) with Duet's layers in front of Next's handler, outermost first:
//   security headers  from the SITE_URL of this process (security-headers.ts)
//   request guard     a malformed path or a page body past 256 KB, refused unread (request-guard.ts)
//   client address    x-duet-client-address from the peer and TRUST_PROXY (client-address.ts)
//   content length    a media answer keeps its Content-Length (content-length.ts)
//   vary accept       a post's page says Vary: Accept, as its address also answers ActivityPub (vary-accept.ts)
//   script choice     the 简 / 繁 choice remembered, `/zh/…` sent to `/zh/hant/…` for who chose 繁 (script-choice.ts)
//   precompress       the reading side compressed once per body (precompress.ts; production only)
//   traditional       `/zh/hant/…`: the Simplified page converted to Traditional characters (traditional.ts)
// Bundled by scripts/build-server-entry.mjs into <distDir>/duet-server.mjs and run by
// `npm start` (scripts/start.mjs) after it has built what is missing; `--dev` serves
// `next dev` behind the same layers (`npm run dev`).
import { createServer } from 'node:http';
import { studioPath } from '@/core/studio/studio-path';
import { defaultLocale } from '@/core/locales';
import { logger } from '@/server/logger';
import { clientAddressLayer, parseTrust, type TrustRule } from './client-address';
import { contentLengthLayer } from './content-length';
import { compose, type Layer, type RequestListener } from './listener';
import { createPrecompress } from './precompress';
import { probe } from './probe';
import { readyMessage } from './ready-message';
import { requestGuardLayer } from './request-guard';
import { scriptChoiceLayer } from './script-choice';
import { securityHeadersLayer } from './security-headers';
import { varyAcceptLayer } from './vary-accept';
import { layerProblems, nextPatchProblems } from './self-check';
import { createTraditional, settingsFromServer } from './traditional';
import { readOrCreateRevalidateToken } from '@/server/revalidate-token';

/** How long the Traditional-script layer keeps the site's settings: DUET_SCRIPT_SETTINGS_MS (tests), default 30 s. */
function scriptSettingsMaxAgeMs(): number {
  const ms = Number(process.env.DUET_SCRIPT_SETTINGS_MS ?? 30_000);
  return Number.isFinite(ms) && ms >= 0 ? ms : 30_000;
}

/** Longer than the 60 s a proxy keeps an idle upstream connection. */
const keepAliveMs = 65_000;

function stop(message: string): never {
  console.error(`duet: ${message}`);
  process.exit(1);
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const dev = argv.includes('--dev');
  // Before Next loads: it reads NODE_ENV as its modules load.
  (process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
  process.env.NEXT_TELEMETRY_DISABLED ??= '1';
  const port = Number(process.env.PORT ?? 3000);
  // In-process work (the publishing scheduler, revalidation) reaches this server by PORT.
  process.env.PORT = String(port);
  const host = process.env.HOST;
  const root = process.cwd();

  let isTrusted: TrustRule;
  try {
    isTrusted = parseTrust(process.env.TRUST_PROXY);
  } catch (error) {
    stop(error instanceof Error ? error.message : String(error));
  }
  const patchProblems = nextPatchProblems();
  if (patchProblems.length > 0) stop(patchProblems.join('\n'));

  const { default: next } = await import('next');
  const app = next({ dev, dir: root, hostname: host ?? 'localhost', port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const layers: Layer[] = [
    securityHeadersLayer({ siteUrl: process.env.SITE_URL, isDevelopment: dev }),
    requestGuardLayer,
    clientAddressLayer(isTrusted),
    contentLengthLayer,
    varyAcceptLayer,
    scriptChoiceLayer,
    ...(dev ? [] : [createPrecompress({ serve: true }).layer]),
    // Inside precompress: it compresses the converted page, once.
    createTraditional({ settings: settingsFromServer(`http://${host && host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1'}:${port}`, () => readOrCreateRevalidateToken(), scriptSettingsMaxAgeMs()) }).layer,
  ];
  const nextHandler: RequestListener = (req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error, url: req.url }, 'request failed outside Next’s own error handling');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
  const server = createServer(compose(layers, nextHandler));
  // An idle kept-alive connection is closed by the proxy in front, never by us first: nginx
  // keeps upstream connections 60 s (deploy/nginx.conf's `keepalive`), load balancers about
  // as long, and Node's 5 s default lets a request the proxy sends on a connection just as
  // Node closes it fail (a 502 for a reader, ECONNRESET for a client that reuses sockets).
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') stop(`port ${port} is taken (another server?): stop it, or set PORT to a free port.`);
      if (error.code === 'EACCES') stop(`this user may not listen on port ${port}: set PORT to one above 1023.`);
      stop(`cannot listen on ${host ?? 'every interface'}:${port}: ${error.message}`);
    });
    server.listen(port, host, () => resolve());
  });

  // From the moment it listens, SIGINT and SIGTERM stop it: the checks below may take a
  // minute on a first start, and a service manager's stop must not wait for them.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      // Finish what is in flight (a few seconds at most), then go.
      setTimeout(() => process.exit(0), 5_000).unref();
      server.close(() => void app.close().finally(() => process.exit(0)));
      server.closeIdleConnections();
    });
  }

  const origin = `http://${host && host !== '0.0.0.0' && host !== '::' ? host : 'localhost'}:${port}`;
  const probeOrigin = `http://${host && host !== '0.0.0.0' && host !== '::' ? host : '127.0.0.1'}:${port}`;
  const problems = await layerProblems(probeOrigin).catch((error: unknown) => [`the server did not answer its own check: ${String(error)}`]);
  if (problems.length > 0) {
    server.close();
    stop(`refusing to serve: ${problems.join('; ')}.`);
  }
  // Next loads the app, and runs instrumentation.ts's register() (migrations, the demo seed
  // on a first start, the render workers, the scheduler), on the first request that reaches
  // it; this one is ours, so "ready" means ready.
  if (!dev) {
    console.log('duet: preparing the database (on a first start, loading the demo magazine: a minute or so)…');
    const preparing = Date.now();
    // A first start loads the demo magazine before it answers: minutes on a slow machine.
    const health = (await probe(`${probeOrigin}/api/health`, 15 * 60_000))?.status ?? null;
    const seconds = ((Date.now() - preparing) / 1000).toFixed(1);
    if (health === 200) console.log(`duet: prepared in ${seconds} s.`);
    else console.warn(`duet: the database is not reachable yet (/api/health answered ${health ?? 'nothing'} after ${seconds} s); serving anyway, requests will try again.`);
  }
  const needsOwner = dev ? null : await studioNeedsOwner(probeOrigin);
  console.log(readyMessage(origin, needsOwner));

}

/** Whether the Studio has no account yet: it sends a first visitor to its setup page. */
async function studioNeedsOwner(origin: string): Promise<boolean | null> {
  const answer = await probe(`${origin}${studioPath(defaultLocale)}`, 60_000);
  return answer ? (answer.location ?? '').includes(`${studioPath(defaultLocale)}/setup`) : null;
}
