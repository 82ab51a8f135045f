// WebFinger (#29): `acct:zh@<host>` (each language's handle) leads to that language's actor.
import { defineRoute } from '@/server/api/define-route';
import { handleFederationRequest } from '@/server/fediverse/handle-request';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: (request) => handleFederationRequest(request) });
