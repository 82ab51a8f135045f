// /api/v1/members/unsubscribe?token=…: the `List-Unsubscribe` address of newsletter
// e-mails. POST (RFC 8058 one-click, body `List-Unsubscribe=One-Click`, no cookie, any
// origin: the token is the authority) unsubscribes from the newsletter the e-mail came
// from; GET leads to the confirmation page in the member's language.
import { defineRoute } from '@/server/api/define-route';
import { answerUnsubscribe, answerUnsubscribeLink } from '@/server/members/unsubscribe-member';

const route = defineRoute({ GET: answerUnsubscribeLink, POST: answerUnsubscribe }, { writesFrom: 'any' });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
