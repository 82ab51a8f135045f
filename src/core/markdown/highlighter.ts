// The one shiki highlighter of the process. Creating it loads a WASM regex engine, two
// themes and a dozen grammars (a few hundred milliseconds), so it is made once, on first
// use, and every later render reuses it.
import type { HighlighterCore } from 'shiki/core';
import { createHighlighterCore } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

export const codeThemes = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * The languages Duet highlights. A fixed list keeps the bundle and cold start small;
 * anything else renders as plain text. Aliases (sh, js, yml, md, py…) come with each grammar.
 */
const loadLanguages = () => [
  import('shiki/langs/typescript.mjs'),
  import('shiki/langs/tsx.mjs'),
  import('shiki/langs/javascript.mjs'),
  import('shiki/langs/json.mjs'),
  import('shiki/langs/bash.mjs'),
  import('shiki/langs/css.mjs'),
  import('shiki/langs/html.mjs'),
  import('shiki/langs/python.mjs'),
  import('shiki/langs/sql.mjs'),
  import('shiki/langs/yaml.mjs'),
  import('shiki/langs/markdown.mjs'),
  import('shiki/langs/diff.mjs'),
];

let highlighter: Promise<HighlighterCore> | undefined;

/** The shared highlighter; the first call starts loading it, later calls get the same promise. */
export function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [import('shiki/themes/github-light.mjs'), import('shiki/themes/github-dark.mjs')],
    langs: loadLanguages(),
    engine: createOnigurumaEngine(import('shiki/wasm')),
  }).catch((error: unknown) => {
    // A failed load must not poison the process: let the next render try again.
    highlighter = undefined;
    throw error;
  });
  return highlighter;
}
