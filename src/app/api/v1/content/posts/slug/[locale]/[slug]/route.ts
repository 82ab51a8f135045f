// GET /api/v1/content/posts/slug/{locale}/{slug}: one published post by its slug in that language.
import { contentRoute } from '@/server/content-api/content-route';
import { postOperations } from '@/server/content-api/operations';
import { readPost } from '@/server/content-api/read-posts';

const route = contentRoute(postOperations.bySlug, ({ params, locale }) => readPost('post', params, locale), 'No published post has this slug in this language.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
