// GET /api/v1/content/authors/{handle}: one byline.
import { contentRoute } from '@/server/content-api/content-route';
import { authorOperations } from '@/server/content-api/operations';
import { readAuthor } from '@/server/content-api/read-listings';

const route = contentRoute(authorOperations.byHandle, ({ params, locale }) => readAuthor(params.handle, locale), 'No author has this handle.');

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
