// /api/v1/members/me: the signed-in member's own account. GET reads it; PATCH changes the
// language and newsletters; DELETE deletes it ({confirmEmail}); POST takes the account
// page's forms.
import { defineRoute } from '@/server/api/define-route';
import { answerAccountDeletion, answerAccountForm, answerAccountRead, answerPreferencesChange } from '@/server/members/account-requests';

const route = defineRoute({ GET: answerAccountRead, PATCH: answerPreferencesChange, DELETE: answerAccountDeletion, POST: answerAccountForm });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
