// GET /api/v1/content/pages/{id}: one published page.
import { contentRoute } from '@/server/content-api/content-route';
import { pageOperations } from '@/server/content-api/operations';
import { readPost } from '@/server/content-api/read-posts';

const route = contentRoute(pageOperations.byId, ({ params, locale }) => readPost('page', { id: params.id }, locale), 'No published page has this id.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
