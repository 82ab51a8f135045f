import { join } from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/server/site/intl-request.ts');

const nextConfig: NextConfig = {
  // Native modules and the logger stay outside the server bundle; so does Fedify (the
  // fediverse, src/server/fediverse/), whose JSON-LD and signature code is loaded as Node runs it.
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino', 'sharp', '@node-rs/jieba', 'redis', '@fedify/fedify', '@fedify/vocab', '@fedify/vocab-runtime', '@fedify/webfinger', 'jsonld'],
  poweredByHeader: false,
  // WebFinger and NodeInfo discovery live at /.well-known/, a folder the App Router does not
  // route (dot folders are ignored); the federation's catch-all route answers them
  // (src/app/ap/[...path]/route.ts, docs/federation.md).
  async rewrites() {
    return [
      { source: '/.well-known/webfinger', destination: '/ap/well-known/webfinger' },
      { source: '/.well-known/nodeinfo', destination: '/ap/well-known/nodeinfo' },
    ];
  },
  // Rendered pages and data live in a bounded in-memory cache that never keeps an error
  // render (src/server/cache/memory-cache-handler.mjs); Next's default writes every page,
  // 404s included, to disk without limit. With REDIS_URL (several instances) they live in
  // Redis instead, shared by every instance (redis-cache-handler.mjs), and no copy stays in
  // any instance's memory (cacheMaxMemorySize 0) to be served after another invalidated it.
  cacheHandler: join(process.cwd(), 'src/server/cache', process.env.REDIS_URL ? 'redis-cache-handler.mjs' : 'memory-cache-handler.mjs'),
  cacheMaxMemorySize: 0,
  // With the pages' revalidate (60 s, src/app/[locale]/layout.tsx), shared caches keep a
  // page a minute and may serve it stale for five more while they fetch it again, so an
  // unpublished text leaves a CDN within minutes; docs/deploy.md says how to purge at once.
  expireTime: 360,
  // The security headers are set at run time by the server entry (src/server-entry/
  // security-headers.ts) from the SITE_URL the server runs with: one build serves any address.
  // `npm start` builds without a type check (tsc runs in `npm test`): a first start is a
  // build and a start. A plain `next build` still checks.
  typescript: { ignoreBuildErrors: process.env.DUET_SKIP_BUILD_TYPECHECK === '1' },
  experimental: {
    // One 404 document for paths outside every route (e.g. /favicon.txt).
    globalNotFound: true,
    // Turbopack keeps what it compiled in .next/cache for the next build: an upgrade's rebuild
    // took 35 s with it against 59 s without (one file changed, 2026-11-29's CI machine), but
    // writing it costs a first build some 19 s (77 s against 59). CI builds a clean clone once
    // and never reads it: scripts/test.sh sets DUET_BUILD_CACHE=0 there.
    turbopackFileSystemCacheForBuild: process.env.DUET_BUILD_CACHE !== '0',
    // A request the proxy sees has its body buffered (up to this) so it can be passed on.
    // Only the Studio's own small forms post to pages; 10 MB (the default) per request
    // would let a few concurrent posts take hundreds of megabytes. The server entry's
    // request guard (src/server-entry/request-guard.ts) refuses a larger body before Next
    // reads any of it (Next would read it whole); its pageBodyLimitBytes is this same 256 KB.
    proxyClientMaxBodySize: '256kb',
    serverActions: { bodySizeLimit: '256kb' },
  },
  // Build output for `npm start` lives in its own folder so `next dev` never clobbers it.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default withNextIntl(nextConfig);
