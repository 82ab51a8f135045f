// What KaTeX's output (rehype-math.ts) may hold once it passes the sanitizer: exactly the
// elements, classes, attributes and inline-style properties KaTeX writes, each value held
// to the shape KaTeX gives it (lengths, colours, a few keywords). No value may contain a
// parenthesis or a colon beyond its property's, so no url(), expression() or scheme.
import type { Options as Schema } from 'rehype-sanitize';

type Attributes = NonNullable<Schema['attributes']>;

const katexClass = new RegExp(
  '^(?:' +
    [
      'katex(?:-[a-z]+)?',
      'base|strut|vlist(?:-[a-z0-9]+)?|pstrut|mtight|msupsub|nulldelimiter|sizing|fontsize-ensurer',
      'reset-size\\d{1,2}|size\\d{1,2}|col-align-[lcr]|arraycolsep|vertical-separator',
      'm(?:ord|op|bin|rel|open|close|punct|inner|frac|table|space|over|under|athnormal|athit|athrm|athbf|athboldsymbol|athsf|athtt|athbb|athcal|athfrak|athscr|athboldfrak|athboldscr|athsfit|athitsf)',
      'mathbb|mathcal|mathfrak|mathscr|mathrm|mathbf|mathit|mathsf|mathtt|boldsymbol|amsrm|textrm|textit|textbf|textsf|texttt|text|cjk_fallback',
      'frac-line|sqrt|hide-tail|svg-align|root|accent(?:-body|-full)?|overlay|overline(?:-line)?|underline(?:-line)?|stretchy|brace-(?:left|center|right)',
      'x-arrow(?:-pad)?|op-symbol|op-limits|large-op|small-op|delimsizing|delimcenter|delim-size\\d|mult|nobreak|newline|allowbreak',
      'llap|rlap|clap|inner|fix|smash|rule|hline|hdashline|sout|thinbox|vbox|anglpad|angl|boxpad|fbox|fcolorbox|colorbox|cancel-pad|cancel-lap|tag|eqn-num|mspace|halfarrow-(?:left|right)|tfrac|dfrac',
    ].join('|') +
    ')$',
);

const number = '[-+]?(?:\\d+|\\d*\\.\\d+)';
const length = `${number}(?:em|ex|pt|px|mu|%)?`;
const colour = '#[0-9a-f]{3,8}|[a-z]{3,20}';
const styleProperty =
  'height|width|min-width|max-width|top|bottom|left|right|vertical-align|margin|margin-(?:left|right|top|bottom)|padding|padding-(?:left|right|top|bottom)|border-(?:top|bottom|left|right)-width|border-width|border-(?:right|left)-style|border-style|border-color|border|color|background-color';
const styleValue = `(?:${length}|${colour})(?:\\s+(?:${length}|${colour}))*`;

/** KaTeX's inline styles: `property: value;` pairs from the list above, or `position: relative`. */
export const katexStyleValue = new RegExp(`^(?:\\s*(?:(?:${styleProperty})\\s*:\\s*${styleValue}|position\\s*:\\s*relative)\\s*(?:;|$))+$`, 'i');

const lengthValue = new RegExp(`^(?:${length}|${number}width)$`);
const colourValue = new RegExp(`^(?:${colour})$`, 'i');
const booleanValue = ['true', 'false'];

export const katexTagNames = [
  'svg', 'path', 'line',
  'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup',
  'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mlabeledtr', 'mstyle',
  'mpadded', 'mphantom', 'menclose', 'merror',
];

export const katexAttributes: Attributes = {
  svg: [
    ['xmlns', 'http://www.w3.org/2000/svg'],
    ['width', lengthValue],
    ['height', lengthValue],
    ['viewBox', /^[\d. -]{1,60}$/],
    ['preserveAspectRatio', /^(?:none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max)(?: (?:meet|slice))?)$/],
    ['style', katexStyleValue],
  ],
  // Path data: commands and numbers only.
  path: [['d', /^[MmLlHhVvCcSsQqTtAaZz\d\s.,-]+$/]],
  line: [
    ['x1', lengthValue], ['y1', lengthValue], ['x2', lengthValue], ['y2', lengthValue], ['strokeWidth', lengthValue],
  ],
  math: [['xmlns', 'http://www.w3.org/1998/Math/MathML'], ['display', 'block', 'inline']],
  annotation: [['encoding', 'application/x-tex']],
  mi: [['mathvariant', /^[a-z-]{1,30}$/]],
  mo: [['fence', ...booleanValue], ['stretchy', ...booleanValue], ['separator', ...booleanValue], ['minsize', lengthValue], ['maxsize', lengthValue], ['mathvariant', /^[a-z-]{1,30}$/], ['lspace', lengthValue], ['rspace', lengthValue], ['movablelimits', ...booleanValue]],
  mtext: [['mathvariant', /^[a-z-]{1,30}$/]],
  mfrac: [['linethickness', lengthValue]],
  mtable: [['rowspacing', /^[\d. a-z%]{1,200}$/], ['columnspacing', /^[\d. a-z%]{1,200}$/], ['columnalign', /^[a-z ]{1,200}$/], ['columnlines', /^[a-z ]{1,200}$/], ['rowlines', /^[a-z ]{1,200}$/], ['width', lengthValue], ['displaystyle', ...booleanValue]],
  mtd: [['width', lengthValue], ['columnalign', /^[a-z]{1,10}$/]],
  mstyle: [['scriptlevel', /^\d$/], ['displaystyle', ...booleanValue], ['mathcolor', colourValue], ['mathsize', lengthValue]],
  mover: [['accent', ...booleanValue]],
  munder: [['accentunder', ...booleanValue]],
  munderover: [['accent', ...booleanValue], ['accentunder', ...booleanValue]],
  menclose: [['notation', /^[a-z ]{1,100}$/], ['mathbackground', colourValue], ['style', katexStyleValue]],
  mpadded: [['width', lengthValue], ['height', lengthValue], ['depth', lengthValue], ['lspace', lengthValue], ['voffset', lengthValue], ['mathbackground', colourValue], ['style', katexStyleValue]],
  mspace: [['width', lengthValue], ['height', lengthValue], ['depth', lengthValue], ['mathbackground', colourValue], ['linebreak', 'newline']],
};

/** Classes KaTeX gives its spans. */
export const katexSpanClass = katexClass;
