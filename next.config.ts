import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const nextConfig: NextConfig = {
  // Native modules and the logger stay outside the server bundle.
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino', 'sharp', '@node-rs/jieba'],
  poweredByHeader: false,
  experimental: {
    // One 404 document for paths outside every route (e.g. /favicon.txt).
    globalNotFound: true,
  },
  // Build output for `npm start` lives in its own folder so `next dev` never clobbers it.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default withNextIntl(nextConfig);
