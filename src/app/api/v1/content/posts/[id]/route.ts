// GET /api/v1/content/posts/{id}: one published post.
import { contentRoute } from '@/server/content-api/content-route';
import { postOperations } from '@/server/content-api/operations';
import { readPost } from '@/server/content-api/read-posts';

const route = contentRoute(postOperations.byId, ({ params, locale }) => readPost('post', { id: params.id }, locale), 'No published post has this id.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
