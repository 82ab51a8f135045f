// The Studio's translation-memory lookup: checks that the account may edit the post's
// text in the target language, then asks the memory (a TranslationSuggester) for the
// best earlier translations of one source segment.
import type { Locale } from '@/core/locales';
import { otherLocale } from '@/core/locales';
import type { Suggestion } from '@/core/translation/suggester';
import { getDatabase } from '@/db/client';
import { createTranslationMemory } from '@/db/repositories/translation-memory';
import { editActionFor, postForAction } from './post-access';

export async function suggestForPost(request: Request, postId: string, to: Locale, text: string): Promise<Suggestion[]> {
  await postForAction(request, postId, (post) => editActionFor(post, to), to);
  return createTranslationMemory(getDatabase()).suggest(text, otherLocale(to), to);
}
