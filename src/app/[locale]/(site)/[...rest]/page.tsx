// Any path under a locale that no other route claims: an old address of an imported text
// (a Hugo alias) sends the reader to the text for good; anything else is a real 404 with
// the error view. A first segment that is no locale is part of the old address.
import { isLocale } from '@/core/locales';
import { oldAddressOrNotFound } from '@/server/old-addresses';

export const dynamicParams = true;

export default async function UnknownPage({ params }: PageProps<'/[locale]/[...rest]'>): Promise<never> {
  const { locale, rest } = await params;
  return isLocale(locale) ? oldAddressOrNotFound(rest, locale) : oldAddressOrNotFound([locale, ...rest]);
}
