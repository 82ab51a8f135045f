// POST /api/v1/members: a reader subscribes ({email, language, newsletters?} as JSON, or
// the subscribe form). The same answer whether or not the address is known; the member is
// subscribed only once they open the link of the confirmation e-mail (double opt-in).
import { defineRoute } from '@/server/api/define-route';
import { answerFormSubscription, answerJsonSubscription, isFormPost } from '@/server/members/subscribe-request';

const route = defineRoute({
  POST: (request) => (isFormPost(request) ? answerFormSubscription(request) : answerJsonSubscription(request)),
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
