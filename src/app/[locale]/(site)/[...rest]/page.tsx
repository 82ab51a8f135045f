// Any path under a locale that no other route claims: an old address of an imported text
// (a Hugo alias) sends the reader to the text for good; anything else is a real 404 with
// the error view.
import { notFound, permanentRedirect } from 'next/navigation';
import { isLocale } from '@/core/locales';
import { oldAddressTarget } from '@/server/old-addresses';

export const dynamicParams = true;

export default async function UnknownPage({ params }: PageProps<'/[locale]/[...rest]'>): Promise<never> {
  const { locale, rest } = await params;
  const target = isLocale(locale) ? await oldAddressTarget(locale, rest) : null;
  if (target) permanentRedirect(target);
  notFound();
}
