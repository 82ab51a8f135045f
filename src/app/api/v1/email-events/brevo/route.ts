// POST /api/v1/email-events/brevo: the provider's bounce and complaint webhook
// (server/mail-events/email-event-routes.ts; docs/deploy.md says how to point it here).
// Any origin: the provider's servers send it, authenticated by the provider's own scheme.
import { defineRoute } from '@/server/api/define-route';
import { emailEventHandler } from '@/server/mail-events/email-event-routes';

const route = defineRoute({ POST: emailEventHandler('brevo') }, { writesFrom: 'any' });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
