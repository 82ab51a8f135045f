// POST /api/v1/preferences/locale {"locale":"en"}: remember the reader's language
// in the NEXT_LOCALE cookie, the same one the language switcher sets.
import { localePreferenceInput } from '@/core/preferences/locale-preference';
import { localeCookie } from '@/core/locales';
import { defineRoute } from '@/server/api/define-route';
import { readJson } from '@/server/api/read-json';

const route = defineRoute({
  POST: async (request) => {
    const { locale } = await readJson(request, localePreferenceInput);
    const response = Response.json({ locale });
    const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
    response.headers.append(
      'Set-Cookie',
      `${localeCookie.name}=${locale}; Path=${localeCookie.path}; Max-Age=${localeCookie.maxAge}; SameSite=Lax${secure}`,
    );
    return response;
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
