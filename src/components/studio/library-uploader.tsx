// The media uploader (a client island) with the Studio's messages it speaks: one place for
// the pages that let a file join the library (Media, Settings › Look, Account).
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/core/locales';
import { MediaUploader } from './media-uploader';

export async function LibraryUploader({ locale }: { locale: Locale }) {
  const messages = await getMessages({ locale });
  return (
    <NextIntlClientProvider locale={locale} messages={{ studio: messages.studio }}>
      <MediaUploader />
    </NextIntlClientProvider>
  );
}
