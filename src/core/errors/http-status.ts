// The statuses Duet answers with, and the key of each one's title in messages/*.json.

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

/** English titles, exactly as specified; used where no locale applies (the JSON API). */
export const englishTitles: Record<ErrorTitleKey, string> = {
  s400: 'Bad Request',
  s404: 'This page could not be found',
  s405: 'Method Not Allowed',
  s500: 'Internal Server Error',
  other: 'An unexpected error has occurred',
  client: 'Application error: a client-side exception has occurred',
};

export function englishTitle(status: number | null | undefined): string {
  return englishTitles[errorTitleKey(status)];
}
