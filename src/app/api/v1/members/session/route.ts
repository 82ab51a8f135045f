// POST /api/v1/members/session: the token of a sign-in link for a session cookie, once.
import { defineRoute } from '@/server/api/define-route';
import { answerSessionRequest } from '@/server/members/account-requests';

const route = defineRoute({ POST: answerSessionRequest });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
