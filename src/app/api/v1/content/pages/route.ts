// GET /api/v1/content/pages: published pages, newest first, a page at a time (see the operation).
import { contentRoute } from '@/server/content-api/content-route';
import { pageOperations } from '@/server/content-api/operations';
import { readPostList } from '@/server/content-api/read-posts';

const route = contentRoute(pageOperations.list, ({ query, locale }) => readPostList('page', query, locale));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
