// Reads the PHP-serialized values WordPress plugins leave in exports (Polylang's
// translation groups `a:2:{s:2:"fr";i:400;s:2:"en";i:398;}`, post and term meta), for the
// shapes they use: strings, integers, floats, booleans, null and arrays. Anything else,
// objects above all, is refused: this never instantiates anything, it only reads data.
// String lengths are byte counts of UTF-8, as PHP writes them.

export type PhpValue = string | number | boolean | null | PhpArray;
/** A PHP array keeps its key order and its int or string keys. */
export type PhpArray = { readonly entries: ReadonlyArray<readonly [string | number, PhpValue]> };

const maxDepth = 32;
const maxLength = 4 * 1024 * 1024;

export class PhpUnserializeError extends Error {}

export function unserializePhp(input: string): PhpValue {
  if (input.length > maxLength) throw new PhpUnserializeError('serialized value too large');
  const reader = new Reader(Buffer.from(input, 'utf8'));
  const value = reader.value(0);
  if (!reader.done()) throw new PhpUnserializeError(`unexpected data at byte ${reader.at}`);
  return value;
}

/** The value under `key` in a PHP array (int and numeric-string keys are the same, as in PHP). */
export function phpGet(value: PhpValue | undefined, key: string | number): PhpValue | undefined {
  if (!isPhpArray(value)) return undefined;
  const wanted = String(key);
  return value.entries.find(([k]) => String(k) === wanted)?.[1];
}

export function isPhpArray(value: PhpValue | undefined): value is PhpArray {
  return typeof value === 'object' && value !== null;
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Buffer) {}

  done(): boolean {
    return this.at === this.bytes.length;
  }

  value(depth: number): PhpValue {
    if (depth > maxDepth) throw new PhpUnserializeError('nested too deeply');
    const type = String.fromCharCode(this.bytes[this.at] ?? 0);
    if (type === 'N') {
      this.expect('N;');
      return null;
    }
    this.expect(`${type}:`);
    switch (type) {
      case 'b': {
        const flag = this.until(';');
        if (flag !== '0' && flag !== '1') throw new PhpUnserializeError(`bad boolean at byte ${this.at}`);
        return flag === '1';
      }
      case 'i': {
        const digits = this.until(';');
        if (!/^[+-]?\d{1,19}$/.test(digits)) throw new PhpUnserializeError(`bad integer at byte ${this.at}`);
        return Number(digits);
      }
      case 'd': {
        const number = Number(this.until(';'));
        if (Number.isNaN(number)) throw new PhpUnserializeError(`bad float at byte ${this.at}`);
        return number;
      }
      case 's': {
        const length = this.length(':');
        this.expect('"');
        if (this.at + length > this.bytes.length) throw new PhpUnserializeError('string runs past the end');
        const text = this.bytes.toString('utf8', this.at, this.at + length);
        this.at += length;
        this.expect('";');
        return text;
      }
      case 'a': {
        const count = this.length(':');
        this.expect('{');
        const entries: Array<[string | number, PhpValue]> = [];
        for (let index = 0; index < count; index++) {
          const key = this.value(depth + 1);
          if (typeof key !== 'string' && typeof key !== 'number') throw new PhpUnserializeError(`bad array key at byte ${this.at}`);
          entries.push([key, this.value(depth + 1)]);
        }
        this.expect('}');
        return { entries };
      }
      default:
        // O (objects), C (custom), r/R (references), E (enums): never.
        throw new PhpUnserializeError(`refused value type “${type}” at byte ${this.at - 2}`);
    }
  }

  private length(terminator: string): number {
    const digits = this.until(terminator);
    if (!/^\d{1,9}$/.test(digits)) throw new PhpUnserializeError(`bad length at byte ${this.at}`);
    const length = Number(digits);
    if (length > this.bytes.length) throw new PhpUnserializeError('length larger than the value');
    return length;
  }

  private until(terminator: string): string {
    const end = this.bytes.indexOf(terminator, this.at);
    if (end < 0 || end - this.at > 32) throw new PhpUnserializeError(`missing “${terminator}” at byte ${this.at}`);
    const text = this.bytes.toString('latin1', this.at, end);
    this.at = end + 1;
    return text;
  }

  private expect(literal: string): void {
    if (this.bytes.toString('latin1', this.at, this.at + literal.length) !== literal) {
      throw new PhpUnserializeError(`expected “${literal}” at byte ${this.at}`);
    }
    this.at += literal.length;
  }
}
