// NodeInfo discovery (#29): points at the NodeInfo 2.1 document under /ap/nodeinfo/2.1.
import { defineRoute } from '@/server/api/define-route';
import { handleFederationRequest } from '@/server/fediverse/handle-request';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({ GET: (request) => handleFederationRequest(request) });
