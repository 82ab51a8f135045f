// What robots.txt keeps crawlers out of: the Studio under each language and the JSON API,
// and nothing else. A plain prefix rule `/en/studio` would also match a reader's page
// whose slug begins with "studio" (/en/studio-tour is a static page), so the Studio's
// own address is matched whole with the `$` end anchor (RFC 9309 §2.2.3, honoured by
// Google and Bing), its query-string variants by `/en/studio?`, and everything under it by
// `/en/studio/`. A crawler that ignores `$` blocks nothing with that one rule: the Studio
// answers a sign-in page marked noindex there anyway.
import { locales } from '@/core/locales';
import { studioPath } from '@/core/studio/studio-path';

export function robotsDisallowRules(): string[] {
  const studio = locales.map(studioPath).flatMap((studio) => [`${studio}$`, `${studio}?`, `${studio}/`]);
  return ['/api$', '/api?', '/api/', ...studio];
}
