// GET /videos/<file>: media from DATA_DIR/media/videos (see server/media/serve-media.ts).
import { serveMedia } from '@/server/media/serve-media';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serveMedia(request, 'videos', (await params).path);
}

export async function HEAD(request: Request, { params }: Context) {
  return serveMedia(request, 'videos', (await params).path);
}
