// A light English stemmer for search: enough that "translations", "translated" and
// "translating" meet "translation", and "publishing" meets "publish". It strips a few
// inflections and never tries to be Porter: a stem only has to be the same for the
// word in the text and the word in the query, not to be a real word. Stems drop a final
// "e" and turn a final consonant + "y" into "i", so "write"/"writing" → "writ" and
// "study"/"studies" → "studi".

const vowel = /[aeiouy]/;
/** Double consonants undone after -ing/-ed ("running" → "run"); l, s and z stay ("falling"). */
const doubled = /([bcdfghjkmnpqrtvwx])\1$/;

/** The stem of one lower-case word (letters and digits, no apostrophes). */
export function stemEnglish(word: string): string {
  // Short words and anything with digits ("h264", "2025") are left alone.
  if (word.length <= 3 || /\d/.test(word)) return word;
  let stem = word;

  // Plurals and third person: -ies → -i, -s → (nothing), but "class", "status", "analysis" stay.
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);

  // -ing and -ed, when what is left still has a vowel ("bring", "red" stay).
  const inflection = /(?:ing|ed)$/.exec(stem);
  if (inflection) {
    const rest = stem.slice(0, inflection.index);
    if (rest.length >= 3 && vowel.test(rest)) stem = rest.replace(doubled, '$1');
  }

  // -ly after a stem of four letters or more ("slowly" → "slow"; "only", "family" stay).
  if (stem.endsWith('ly') && stem.length >= 6 && !stem.endsWith('ily')) stem = stem.slice(0, -2);

  // -ation/-ition → -at/-it, which is also what "translate"/"translated" become below.
  if (/(?:at|it)ion$/.test(stem) && stem.length > 6) stem = stem.slice(0, -3);

  // Final consonant + y → i ("study" ↔ "studies"); final e dropped ("write" ↔ "writing").
  if (/[^aeiou]y$/.test(stem) && stem.length > 3) stem = `${stem.slice(0, -1)}i`;
  if (stem.endsWith('e') && !stem.endsWith('ee') && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}
