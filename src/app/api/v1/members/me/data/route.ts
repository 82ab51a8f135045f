// GET /api/v1/members/me/data: everything the site keeps about the signed-in member.
import { defineRoute } from '@/server/api/define-route';
import { answerDataDownload } from '@/server/members/account-requests';

const route = defineRoute({ GET: answerDataDownload });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
