// Input of "remember my language": validated here so the API and any form share it.
import { z } from 'zod';
import { locales } from '@/core/locales';

export const localePreferenceInput = z.strictObject({
  locale: z.enum(locales, { error: `locale must be one of: ${locales.join(', ')}` }),
});

export type LocalePreferenceInput = z.infer<typeof localePreferenceInput>;
