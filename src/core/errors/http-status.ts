// The statuses Duet answers with, and the key of each one's title in the messages. Pages
// have titles for 400, 404, 405 and 500 and one for every other status
// (messages/errors/); the JSON API has those and a title of its own for each further status
// it answers (messages/api-errors/), since a program is told why it was refused.

export type ErrorTitleKey = 's400' | 's404' | 's405' | 's500' | 'other' | 'client';

/** Maps any status (or none, for a client-side exception) to its title key. */
export function errorTitleKey(status: number | null | undefined): ErrorTitleKey {
  switch (status) {
    case 400:
      return 's400';
    case 404:
      return 's404';
    case 405:
      return 's405';
    case 500:
      return 's500';
    case null:
    case undefined:
      return 'client';
    default:
      return 'other';
  }
}

/** The statuses the API answers that pages never title. */
export const apiOnlyStatuses = [401, 403, 409, 412, 413, 415, 422, 429, 503] as const;
export type ApiOnlyTitleKey = `s${(typeof apiOnlyStatuses)[number]}`;

/** The title key of a status in the JSON API's error shape. */
export function apiErrorTitleKey(status: number): { from: 'api'; key: ApiOnlyTitleKey } | { from: 'pages'; key: Exclude<ErrorTitleKey, 'client'> } {
  if ((apiOnlyStatuses as readonly number[]).includes(status)) return { from: 'api', key: `s${status}` as ApiOnlyTitleKey };
  const key = errorTitleKey(status);
  return { from: 'pages', key: key === 'client' ? 'other' : key };
}
