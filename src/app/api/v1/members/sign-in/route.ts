// POST /api/v1/members/sign-in: a member asks for a sign-in link ({email, locale?} as JSON,
// or the sign-in page's form). The same answer whether or not the address is a member's.
import { defineRoute } from '@/server/api/define-route';
import { answerSignInRequest } from '@/server/members/account-requests';

const route = defineRoute({ POST: answerSignInRequest });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
