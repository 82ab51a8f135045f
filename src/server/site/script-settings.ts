// The site's settings for its Traditional-script pages, as the internal route serves them
// to the server entry's conversion layer (server-entry/traditional.ts): the phrasing and
// the glossary's do-not-translate names.
import type { ScriptSettings } from '@/core/script/script-settings';
import { getDatabase } from '@/db/client';
import { createGlossaryRepository } from '@/db/repositories/glossary';
import { createSiteSettings } from '@/db/repositories/site-settings';
import { ensureDatabase } from '@/server/ensure-database';

export async function loadScriptSettings(): Promise<ScriptSettings> {
  await ensureDatabase();
  const db = getDatabase();
  const [variant, terms] = await Promise.all([createSiteSettings(db).getHantVariant(), createGlossaryRepository(db).list()]);
  return { variant, keep: terms.filter((term) => term.doNotTranslate).map((term) => term.zh) };
}
