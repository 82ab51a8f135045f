// GET /api/v1/search?q=&locale=zh|en|all&page=&tag=: what the search page shows, as
// JSON. Parameters are validated by searchApiInput (unknown ones refused); bad input is
// a 400 naming the field, in the API's one error shape.
import { AppError } from '@/core/errors/app-error';
import { searchApiInput, searchPageSize, searchParamsObject } from '@/core/search/search-input';
import { defaultLocale } from '@/core/locales';
import { defineRoute } from '@/server/api/define-route';
import { getTagBySlug } from '@/server/content';
import { searchContent } from '@/server/search';

const route = defineRoute({
  GET: async (request) => {
    const input = searchApiInput.parse(searchParamsObject(new URL(request.url).searchParams));
    const tag = input.tag === undefined ? undefined : await getTagBySlug(input.locale === 'all' ? defaultLocale : input.locale, input.tag);
    if (tag === null) throw new AppError('VALIDATION', 'There is no tag with this slug.', { fields: { tag: ['No tag has this slug.'] } });
    const result = await searchContent({ query: input.q, locale: input.locale, page: input.page, pageSize: searchPageSize, tagId: tag?.id });
    return Response.json({ query: input.q, locale: input.locale, ...result }, { headers: { 'Cache-Control': 'no-store' } });
  },
});

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route;
