// POST /api/v1/studio/media/remote {url}: the server copies an image from another site
// into the media library (server/media/import-remote-image.ts), for the editor to use
// instead of an address readers' pages would refuse to show. Answers as an upload does:
// the library entry (path, size, alt) and its variants; a refusal names its reason.
import { remoteImageInput } from '@/core/media/remote-image';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';
import { authorize, requireActor } from '@/server/auth/session';
import { importRemoteImage } from '@/server/media/import-remote-image';
import { reloadMediaIndex } from '@/server/media/media-index';

const route = defineRoute({
  POST: async (request) => {
    const actor = await requireActor(request);
    authorize(actor, 'media.upload');
    const { url } = await readJson(request, remoteImageInput, 8_000);
    const imported = await importRemoteImage({ url, uploader: actor });
    // Texts saved from now on render this image with its size and variants.
    await reloadMediaIndex();
    return Response.json(imported, { status: imported.reused ? 200 : 201 });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
