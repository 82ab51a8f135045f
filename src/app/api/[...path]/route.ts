// Any /api path no route claims: 404 in the API's error shape, whatever the method.
import { AppError } from '@/core/errors/app-error';
import { defineRoute } from '@/server/api/define-route';

export const dynamic = 'force-dynamic';

const notFound = () => {
  throw new AppError('NOT_FOUND', 'There is no API endpoint at this path.');
};

// Nothing here changes state, so a write from anywhere gets the honest 404.
const route = defineRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound }, { writesFrom: 'any' });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
