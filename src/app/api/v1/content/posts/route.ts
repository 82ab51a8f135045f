// GET /api/v1/content/posts: published posts, newest first, a page at a time (see the operation).
import { contentRoute } from '@/server/content-api/content-route';
import { postOperations } from '@/server/content-api/operations';
import { readPostList } from '@/server/content-api/read-posts';

const route = contentRoute(postOperations.list, ({ query, locale }) => readPostList('post', query, locale));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
