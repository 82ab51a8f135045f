// What the Traditional-script conversion needs to know of the site: the phrasing its owner
// chose (Taiwan's or Hong Kong's, Studio site settings) and the names the glossary marks
// "do not translate", which stay as written. The server entry reads it from the running
// app (GET /api/v1/internal/script-settings) and parses it with this schema.
import { z } from 'zod';
import { defaultHantVariant } from './hant-paths';

export const scriptSettingsSchema = z.strictObject({
  variant: z.enum(['tw', 'hk']),
  keep: z.array(z.string().max(200)).max(20_000),
});

export type ScriptSettings = z.infer<typeof scriptSettingsSchema>;

export const defaultScriptSettings: ScriptSettings = { variant: defaultHantVariant, keep: [] };

/** The Studio's choice of phrasing (a select in the site settings). */
export const hantVariantInput = z.strictObject({ hantVariant: z.enum(['tw', 'hk']) });
