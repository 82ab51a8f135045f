// GET /api/v1/content/tags: every tag with its number of published posts.
import { contentRoute } from '@/server/content-api/content-route';
import { tagOperations } from '@/server/content-api/operations';
import { readTags } from '@/server/content-api/read-listings';

const route = contentRoute(tagOperations.list, ({ locale }) => readTags(locale));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
