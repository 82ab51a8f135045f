// GET /images/<file>: media from DATA_DIR/media/images (see server/media/serve-media.ts).
import { serveMedia } from '@/server/media/serve-media';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serveMedia(request, 'images', (await params).path);
}

export async function HEAD(request: Request, { params }: Context) {
  return serveMedia(request, 'images', (await params).path);
}
