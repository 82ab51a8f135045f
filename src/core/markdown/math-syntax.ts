// The math delimiters Duet reads besides `$$…$$` (micromark-extension-math, through
// remark-math): `$…$` by Pandoc's rules, so prices stay prices, and LaTeX's `\(…\)` and
// `\[…\]`, which Hugo and Hexo sites write for MathJax and KaTeX. Each makes the same
// `mathText` tokens as micromark-extension-math, so mdast-util-math turns them into
// `inlineMath` nodes; markDisplayMath (math-tree.ts) then makes `\[…\]` display math.
// Brings micromark-extension-math's token names (`mathText`, …) into micromark's types.
import type {} from 'micromark-extension-math';
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';

const dollar = 36;
const backslash = 92;
const leftParen = 40;
const rightParen = 41;
const leftBracket = 91;
const rightBracket = 93;
const space = 32;
const tab = 9;
const eof = null;

function isLineEnding(code: Code): boolean {
  return code !== null && code < -2;
}

function isWhitespace(code: Code): boolean {
  return code === eof || code === space || code === tab || code === -1 || code === -2 || isLineEnding(code);
}

function isDigit(code: Code): boolean {
  return code !== null && code >= 48 && code <= 57;
}

/**
 * `$…$`: the opening `$` is followed by a non-space, the closing one follows a non-space
 * and is not followed by a digit (Pandoc's `tex_math_dollars`), and nothing between is a
 * bare `$`. `$5 and $10` is text;
 * `$x$`, `$a_1 + b$` and `售价$x$元` are math. A `\$` inside is TeX's own dollar sign.
 */
const dollarMath: Construct = {
  name: 'duetDollarMath',
  previous(code) {
    // Not the second `$` of `$$` (remark-math's).
    return code !== dollar;
  },
  tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    const closing: Construct = { tokenize: tokenizeDollarClose, partial: true };
    const data = mathData(effects);
    const parser = this.parser;
    const offset = () => this.now().offset;
    const from = offset();
    let lastWasSpace = false;
    let startsWithDigit = false;
    let sawCjk = false;
    return start;

    function start(code: Code): State | undefined {
      if (knownToFail(parser, '$', from)) return nok(code);
      effects.enter('mathText');
      effects.enter('mathTextSequence');
      effects.consume(code);
      effects.exit('mathTextSequence');
      return afterOpen;
    }

    function afterOpen(code: Code): State | undefined {
      if (code === dollar || isWhitespace(code)) return nok(code);
      startsWithDigit = isDigit(code);
      return inside(code);
    }

    function inside(code: Code): State | undefined {
      if (code === eof) return failed(parser, '$', from, offset(), nok)(code);
      if (isLineEnding(code)) {
        data.lineEnding(code);
        lastWasSpace = true;
        return inside;
      }
      if (code === backslash) {
        data.consume(code);
        lastWasSpace = false;
        return escaped;
      }
      if (code === dollar) {
        // TeX has no bare `$` inside inline math: a `$` that cannot close means this one
        // did not open (`$10 and $20, $x$`: only `$x$` is math).
        // `$5，约$10` and `￥5/$1，公式$…`: a number followed by Chinese is money, not math.
        if (lastWasSpace || (startsWithDigit && sawCjk)) return nok(code);
        data.exit();
        return effects.attempt(closing, done, nok)(code);
      }
      lastWasSpace = isWhitespace(code);
      sawCjk ||= isCjk(code);
      data.consume(code);
      return inside;
    }

    function escaped(code: Code): State | undefined {
      if (code === eof || isLineEnding(code)) return inside(code);
      data.consume(code);
      return inside;
    }

    function done(code: Code): State | undefined {
      effects.exit('mathText');
      return ok(code);
    }
  },
};

function tokenizeDollarClose(effects: Effects, ok: State, nok: State): State {
  return (code) => {
    effects.enter('mathTextSequence');
    effects.consume(code);
    effects.exit('mathTextSequence');
    return (next: Code) => (isDigit(next) || next === dollar ? nok(next) : ok(next));
  };
}

/** Writes math content as `mathTextData` tokens (never empty) and line endings between them. */
function mathData(effects: Effects) {
  let open = false;
  return {
    consume(code: Code) {
      if (!open) effects.enter('mathTextData');
      open = true;
      effects.consume(code);
    },
    exit() {
      if (open) effects.exit('mathTextData');
      open = false;
    },
    lineEnding(code: Code) {
      this.exit();
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
    },
  };
}

/** `\(…\)` and `\[…\]`: tried before the character escape, which would read `\(` as `(`. */
const bracketMath: Construct = {
  name: 'duetBracketMath',
  add: 'before',
  tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    let close = rightParen;
    const data = mathData(effects);
    const parser = this.parser;
    const offset = () => this.now().offset;
    const from = offset();
    let empty = true;
    const closing: Construct = {
      partial: true,
      tokenize(inner, innerOk, innerNok) {
        return (code) => {
          inner.enter('mathTextSequence');
          inner.consume(code);
          return (next: Code) => {
            if (next !== close) return innerNok(next);
            inner.consume(next);
            inner.exit('mathTextSequence');
            return innerOk;
          };
        };
      },
    };
    return start;

    function start(code: Code): State | undefined {
      effects.enter('mathText');
      effects.enter('mathTextSequence');
      effects.consume(code);
      return opener;
    }

    function opener(code: Code): State | undefined {
      if (code !== leftParen && code !== leftBracket) return nok(code);
      close = code === leftParen ? rightParen : rightBracket;
      if (knownToFail(parser, String(close), from)) return nok(code);
      effects.consume(code);
      effects.exit('mathTextSequence');
      return inside;
    }

    function inside(code: Code): State | undefined {
      if (code === eof) return failed(parser, String(close), from, offset(), nok)(code);
      if (isLineEnding(code)) {
        data.lineEnding(code);
        return inside;
      }
      if (code === backslash) {
        data.exit();
        return effects.attempt(closing, empty ? nok : done, escape)(code);
      }
      if (!isWhitespace(code)) empty = false;
      data.consume(code);
      return inside;
    }

    /** A backslash that does not close: it and the next character are TeX (`\\`, `\{`, `\alpha`). */
    function escape(code: Code): State | undefined {
      empty = false;
      data.consume(code);
      return (next: Code) => {
        if (next === eof || isLineEnding(next)) return inside(next);
        data.consume(next);
        return inside;
      };
    }

    function done(code: Code): State | undefined {
      effects.exit('mathText');
      return ok(code);
    }
  },
};

/**
 * A scan that reached the end of its paragraph without a closer proves that no later
 * opener of the same kind in that stretch can close either. Remembering the stretch keeps
 * a paragraph of thousands of unclosed `$` or `\\(` linear instead of quadratic.
 */
const failedScans = new WeakMap<object, Map<string, { from: number; to: number }>>();

function knownToFail(parser: TokenizeContext['parser'], kind: string, offset: number): boolean {
  const scan = failedScans.get(parser)?.get(kind);
  return scan !== undefined && offset >= scan.from && offset <= scan.to;
}

function failed(parser: TokenizeContext['parser'], kind: string, from: number, to: number, nok: State): State {
  let scans = failedScans.get(parser);
  if (!scans) failedScans.set(parser, (scans = new Map()));
  scans.set(kind, { from, to });
  return nok;
}

function isCjk(code: Code): boolean {
  return code !== null && ((code >= 0x2e80 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xffef));
}

/** The micromark extension: `$…$` and `\(…\)` / `\[…\]` as math text. */
export function duetMathSyntax(): Extension {
  return { text: { [dollar]: dollarMath, [backslash]: bracketMath } };
}
