// GET /api/v1/internal/stats: what this server process holds (memory, open files, the
// page cache's size), for an operator on the machine (the token in DATA_DIR, as for the
// CLI's revalidation) and the soak bench. Never public.
import { readdirSync } from 'node:fs';
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';
import { cacheStats } from '@/server/cache/memory-cache-handler.mjs';
import { sharpMemory } from '@/server/media/sharp';
import { renderPoolStats } from '@/server/render/render-pool';
import { hasInternalToken } from '@/server/revalidate-token';

export const dynamic = 'force-dynamic';

/** The compressed answers the server entry keeps (server-entry/precompress.ts), when it serves this process. */
function compressionStore(): unknown {
  const store = (globalThis as { [key: symbol]: { usage?: () => unknown } | undefined })[Symbol.for('duet.compressionStore')];
  return store?.usage?.() ?? null;
}

function openFiles(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

const route = defineRoute({
  GET: async (request) => {
    if (!hasInternalToken(request)) throw new AppError('UNAUTHENTICATED', 'A valid token is required.');
    const memory = process.memoryUsage();
    return Response.json(
      {
        pid: process.pid,
        uptimeSeconds: Math.round(process.uptime()),
        memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, arrayBuffers: memory.arrayBuffers },
        openFiles: openFiles(),
        cache: cacheStats(),
        renderWorkers: await renderPoolStats(),
        sharp: sharpMemory(),
        compression: compressionStore(),
      },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
