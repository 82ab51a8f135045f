// GET /api/v1/content/authors: every byline with its picture and number of published posts.
import { contentRoute } from '@/server/content-api/content-route';
import { authorOperations } from '@/server/content-api/operations';
import { readAuthors } from '@/server/content-api/read-listings';

const route = contentRoute(authorOperations.list, ({ locale }) => readAuthors(locale));

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
