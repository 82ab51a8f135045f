// Types every t('key') against the English messages (the error views' own apart).
import type messages from '../../messages/en.json';
import type { ErrorMessages } from './error-messages';
import type { Locale } from '@/core/locales';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages & { errors: ErrorMessages };
  }
}
