// POST /api/v1/studio/media?name=<file name>&kind=<image|audio|video|subtitle>: the
// request body is the file itself, streamed to disk (never held in memory), typed by its
// bytes, then recorded (server/media/upload-media.ts); a video's MP4 copy follows in the
// background (server/media/start-video-rendition.ts). GET lists the library, newest first.
import { z } from 'zod';
import { AppError } from '@/core/errors/app-error';
import { mp4RenditionOf } from '@/core/media/mp4-rendition';
import { defineRoute } from '@/server/api/define-route';
import { authorize, requireActor } from '@/server/auth/session';
import { reloadMediaIndex } from '@/server/media/media-index';
import { startMp4Rendition } from '@/server/media/start-video-rendition';
import { uploadMedia } from '@/server/media/upload-media';
import { listMedia } from '@/server/studio/studio-reads';

const uploadQuery = z.strictObject({
  name: z.string().min(1, 'Give the file name.').max(255, 'Use a file name of at most 255 characters.'),
  kind: z.enum(['image', 'audio', 'video', 'subtitle']).optional(),
});

const route = defineRoute({
  GET: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'studio.enter');
    const media = await listMedia({ limit: 200 });
    return Response.json({ media }, { headers: { 'Cache-Control': 'private, no-store' } });
  },
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'media.upload');
    const query = uploadQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw query.error;
    if (!request.body) throw new AppError('VALIDATION', 'The request has no file in its body.', { fields: { file: ['Choose a file.'] } });
    const uploaded = await uploadMedia({ stream: request.body, fileName: query.data.name, declaredKind: query.data.kind, uploader: actor });
    // Texts saved from now on render this image with its size and variants.
    await reloadMediaIndex();
    // A video gets its MP4 copy after this answers (also one uploaded again that lacks it).
    if (!mp4RenditionOf(uploaded.media.variants)) void startMp4Rendition(uploaded.media);
    return Response.json(uploaded, { status: uploaded.reused ? 200 : 201 });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
