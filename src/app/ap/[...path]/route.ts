// The federation's addresses (#29): actors, inboxes, collections, articles and NodeInfo,
// answered by Fedify (server/fediverse/); WebFinger and NodeInfo discovery (/.well-known/,
// rewritten here as /ap/well-known/ by next.config.ts); a post page's ActivityPub form under /ap/pages/.
// Inbox posts come from other servers, authenticated by their HTTP Signatures, not cookies.
import { defineRoute } from '@/server/api/define-route';
import { handleFederationRequest } from '@/server/fediverse/handle-request';
import { respondWithPageObject } from '@/server/fediverse/page-object';

type Params = { path: string[] };

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute<Params>(
  {
    GET: (request, { params }) => (params.path[0] === 'pages' ? respondWithPageObject(params.path.slice(1)) : handleFederationRequest(request)),
    POST: (request) => handleFederationRequest(request),
  },
  { writesFrom: 'any' },
);
