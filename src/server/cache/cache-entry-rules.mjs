// What every cache handler of Duet's decides the same way about an entry Next hands it:
// whether it is an error render (never kept) and which tags invalidate it.

/** A not-found or failed page or route: cheap to render again, and never worth keeping. */
export function isErrorRender(value) {
  return (value?.kind === 'APP_PAGE' || value?.kind === 'APP_ROUTE') && typeof value.status === 'number' && value.status >= 400;
}

/** The tags an entry carries: those Next passes (data) and a page's x-next-cache-tags. */
export function tagsOf(value, ctx) {
  const tags = new Set(ctx?.tags ?? []);
  for (const tag of value?.tags ?? []) tags.add(tag);
  const header = value?.headers?.['x-next-cache-tags'];
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  return [...tags];
}
