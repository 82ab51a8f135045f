// What rendered Markdown may contain once it reaches a page: GitHub's rules plus exactly
// what Duet's own pipeline adds (shiki colours, heading ids and anchors, footnotes,
// figures, lazy images, KaTeX's math (katex-schema.ts), callouts, disclosures, the
// punctuation-compression spans (rehype-punctuation-trim.ts)). Anything else, and anything that could run, is removed.
import { defaultSchema } from 'rehype-sanitize';
import type { Options as Schema } from 'rehype-sanitize';
import { calloutKinds } from './callouts';
import { punctuationTrimClass } from './rehype-punctuation-trim';
import { katexAttributes, katexSpanClass, katexStyleValue, katexTagNames } from './katex-schema';

/**
 * Ids come only from our pipeline (heading slugs, footnotes). No underscores or `$`, so an
 * id can never shadow a script global such as `__next_f` through window's named access.
 */
const idValue = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}-]*$/u;

/**
 * shiki's inline styles: its `--shiki-*` custom properties and plain colours, each value a
 * hex colour or a keyword (italic, bold, inherit). No parentheses, so no url() or expression().
 */
export const codeStyleValue =
  /^(?:\s*(?:--shiki-[a-z0-9-]+|color|background-color)\s*:\s*(?:#[0-9a-f]{3,8}|[a-z][a-z-]*)\s*(?:;|$))+$/i;

const defaultAttributes = defaultSchema.attributes ?? {};
const globalAttributes = (defaultAttributes['*'] ?? []).filter((name) => name !== 'id' && name !== 'name');

export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption', ...katexTagNames],
  attributes: {
    ...defaultAttributes,
    ...katexAttributes,
    '*': [...globalAttributes, ['id', idValue]],
    a: [
      ...(defaultAttributes.a ?? []).filter((entry) => !(Array.isArray(entry) && entry[0] === 'className')),
      ['className', 'data-footnote-backref', 'heading-anchor'],
    ],
    img: [...(defaultAttributes.img ?? []), ['loading', 'lazy'], ['decoding', 'async']],
    pre: [
      ['className', 'shiki', 'shiki-themes', 'github-light', 'github-dark'],
      ['style', codeStyleValue],
      ['dataLanguage', /^[a-z0-9+#.-]{1,32}$/],
    ],
    code: [
      ...(defaultAttributes.code ?? []).filter((entry) => !(Array.isArray(entry) && entry[0] === 'className')),
      ['className', /^language-./, 'math-error'],
      ['style', codeStyleValue],
      // KaTeX's reason a formula could not be read (rehype-math.ts).
      'title',
    ],
    span: [
      ['className', 'line', 'math-inline', punctuationTrimClass, katexSpanClass],
      ['style', codeStyleValue, katexStyleValue],
      ['ariaHidden', 'true'],
    ],
    div: [
      ...(defaultAttributes.div ?? []),
      ['className', 'math-display', 'callout', ...calloutKinds.map((kind) => `callout-${kind}`)],
      ['role', 'note'],
    ],
    p: [['className', 'callout-title']],
    details: ['open'],
  },
  // The pipeline sets ids itself and keeps them readable (see idValue); the default
  // `user-content-` prefix would also break in-page links without client JavaScript.
  clobber: [],
  clobberPrefix: '',
  // Dropped with their content, never unwrapped into text. Raw HTML does not reach the
  // sanitizer today (it is not parsed); this is the second line of defence. `svg` and
  // `math` are allowed, as KaTeX writes them, with only KaTeX's attributes.
  strip: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'foreignObject'],
};
