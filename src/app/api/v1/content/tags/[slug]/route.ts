// GET /api/v1/content/tags/{slug}: one tag by its slug in either language.
import { contentRoute } from '@/server/content-api/content-route';
import { tagOperations } from '@/server/content-api/operations';
import { readTag } from '@/server/content-api/read-listings';

const route = contentRoute(tagOperations.bySlug, ({ params, locale }) => readTag(params.slug, locale), 'No tag has this slug.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
