// POST /api/v1/studio/media?name=<file name>&kind=<image|audio|video|subtitle>: the
// request body is the file itself, streamed to disk (never held in memory), typed by its
// bytes, then recorded. GET lists the library, newest first.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { getDatabase } from '@/db/client';
import { createContentRepository } from '@/db/repositories/content-repository';
import { loadMediaByIds } from '@/db/repositories/load-posts';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { ingestUpload } from '@/server/media/ingest';
import { dataDir } from '@/server/revalidate-token';

const uploadQuery = z.strictObject({
  name: z.string().min(1, 'Give the file name.').max(255, 'Use a file name of at most 255 characters.'),
  kind: z.enum(['image', 'audio', 'video', 'subtitle']).optional(),
});

const route = defineRoute({
  GET: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'studio.enter');
    const db = getDatabase();
    const rows = await db.selectFrom('media').select('id').orderBy('id', 'desc').limit(200).execute();
    const media = await loadMediaByIds(db, rows.map((r) => r.id));
    return Response.json({ media: rows.map((r) => media.get(r.id)).filter(Boolean) }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'media.upload');
    const query = uploadQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw query.error;
    if (!request.body) throw new AppError('VALIDATION', 'The request has no file in its body.', { fields: { file: ['Choose a file.'] } });
    const ingested = await ingestUpload({ stream: request.body, fileName: query.data.name, declaredKind: query.data.kind, dataDir: dataDir() });
    const db = getDatabase();
    const existing = await db.selectFrom('media').select('id').where('path', '=', ingested.path).executeTakeFirst();
    if (existing) {
      const media = (await loadMediaByIds(db, [existing.id])).get(existing.id);
      return Response.json({ media, variants: ingested.variants, reused: true }, { status: 200 });
    }
    // The file is durable on disk before its row exists: a crash leaves an unreferenced
    // file, never a row pointing at half a file.
    const media = await createContentRepository(db).createMedia({
      kind: ingested.kind,
      path: ingested.path,
      mime: ingested.mime,
      bytes: ingested.bytes,
      sha256: ingested.sha256,
      width: ingested.width,
      height: ingested.height,
      durationSeconds: ingested.durationSeconds,
      variants: ingested.variants.map(({ width, height, format, path }) => ({ width, height, format, path })),
    });
    return Response.json({ media, variants: ingested.variants, reused: false }, { status: 201 });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
