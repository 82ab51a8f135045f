// GET /api/v1/content/pages/slug/{locale}/{slug}: one published page by its slug in that language.
import { contentRoute } from '@/server/content-api/content-route';
import { pageOperations } from '@/server/content-api/operations';
import { readPost } from '@/server/content-api/read-posts';

const route = contentRoute(pageOperations.bySlug, ({ params, locale }) => readPost('page', params, locale), 'No published page has this slug in this language.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
