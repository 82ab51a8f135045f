// Reads a Ghost JSON export piece by piece and hands over, one at a time, the rows of the
// tables the importer needs (posts, tags, users…) and the `meta` object. Everything else
// (settings, members, API keys, sessions, revisions) is stepped over without ever being
// turned into objects, and only one row is held at a time, so a 40 MB export never exists
// as one big object graph. Both layouts are understood: `{db: [{meta, data}]}` and
// `{meta, data}`. Each character is looked at once; long strings are skipped with indexOf.
import { ImportFormatError } from '../import-document';

export interface GhostJsonSink {
  meta(value: unknown): void;
  row(table: string, value: unknown): void;
}

interface Container {
  kind: '{' | '[';
  /** The key this container sits under in its parent object. */
  key: string | null;
}

// Secrets are dropped as each row is parsed, so they never reach the importer's objects.
const secretKeys = new Set(['password', 'secret', 'token', 'api_key', 'access_token', 'refresh_token', 'session_id']);

export class GhostJsonScanner {
  private readonly stack: Container[] = [];
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key: string | null = null;
  private keyParts: string[] | null = null;
  private capture: { depth: number; parts: string[]; table: string | null } | null = null;
  private captureStart = 0;
  private sawRoot = false;
  private sawData = false;
  private line = 1;

  constructor(
    private readonly sink: GhostJsonSink,
    private readonly tables: ReadonlySet<string>,
  ) {}

  write(chunk: string): void {
    this.captureStart = 0;
    let i = 0;
    const length = chunk.length;
    while (i < length) {
      if (this.inString) {
        i = this.skipString(chunk, i);
        continue;
      }
      const ch = chunk[i]!;
      switch (ch) {
        case ' ': case '\t': case '\r': case ',':
          if (ch === ',' && this.stack.at(-1)?.kind === '{') this.expectKey = true;
          break;
        case '\n':
          this.line++;
          break;
        case '"':
          this.startString(chunk, i);
          break;
        case ':':
          break;
        case '{': case '[':
          this.open(ch, chunk, i);
          break;
        case '}': case ']':
          this.close(ch, chunk, i);
          break;
        default:
          if (this.stack.length === 0) this.fail(`unexpected “${ch}” before the export's opening brace`);
          // Numbers, true, false and null: nothing to track.
          if (this.stack.at(-1)?.kind === '{' && this.expectKey) this.fail(`unexpected “${ch}” where a key was expected`);
      }
      i++;
    }
    if (this.capture) this.capture.parts.push(chunk.slice(this.captureStart));
    if (this.keyParts && this.inString) this.keyParts.push(chunk.slice(this.keyStart));
    this.keyStart = 0;
  }

  end(): void {
    if (this.inString || this.stack.length > 0) this.fail('the file ends before the JSON does (truncated export?)');
    if (!this.sawRoot) throw new ImportFormatError('The file is empty: no Ghost export in it.');
    if (!this.sawData) throw new ImportFormatError('This JSON is not a Ghost export: it has no "data" object (expected {"db": [{"meta", "data"}]} or {"meta", "data"}).');
  }

  private keyStart = 0;

  private startString(chunk: string, i: number): void {
    this.inString = true;
    this.escaped = false;
    const top = this.stack.at(-1);
    if (top?.kind === '{' && this.expectKey && this.stack.length <= 5) {
      this.keyParts = [];
      this.keyStart = i + 1;
    }
  }

  /** Advances past string content; returns the index after the closing quote or the chunk end. */
  private skipString(chunk: string, from: number): number {
    let i = from;
    if (this.escaped) {
      this.escaped = false;
      i++;
    }
    const quoteOrBackslash = /["\\\n]/g;
    for (;;) {
      quoteOrBackslash.lastIndex = i;
      const match = quoteOrBackslash.exec(chunk);
      if (!match) return chunk.length;
      i = match.index;
      if (chunk[i] === '\n') {
        this.fail('a line break inside a string (not valid JSON)');
      }
      if (chunk[i] === '\\') {
        if (i + 1 >= chunk.length) {
          this.escaped = true;
          return chunk.length;
        }
        i += 2;
        continue;
      }
      // The closing quote.
      this.inString = false;
      if (this.keyParts) {
        this.keyParts.push(chunk.slice(this.keyStart, i));
        this.key = JSON.parse(`"${this.keyParts.join('')}"`) as string;
        this.keyParts = null;
        this.expectKey = false;
      } else if (this.stack.at(-1)?.kind === '{' && this.expectKey) {
        // A key deeper than we track: only its end matters.
        this.expectKey = false;
      }
      return i + 1;
    }
  }

  private open(kind: '{' | '[', chunk: string, i: number): void {
    const parent = this.stack.at(-1);
    const key = parent?.kind === '{' ? this.key : null;
    if (!parent) {
      if (this.sawRoot) this.fail('more than one JSON value in the file');
      if (kind !== '{') this.fail('the export is a list, not an object');
      this.sawRoot = true;
    }
    if (!this.capture) {
      const table = this.rowTable();
      if (table !== undefined || this.isMeta(key)) {
        this.capture = { depth: this.stack.length, parts: [], table: table ?? null };
        this.captureStart = i;
      }
    }
    this.stack.push({ kind, key });
    if (key === 'data' && kind === '{' && this.isDataLevel()) this.sawData = true;
    this.expectKey = kind === '{';
    this.key = null;
  }

  private close(kind: '}' | ']', chunk: string, i: number): void {
    const top = this.stack.pop();
    if (!top || (kind === '}') !== (top.kind === '{')) this.fail(`unexpected “${kind}”`);
    this.expectKey = false;
    if (this.capture && this.stack.length === this.capture.depth) {
      const { parts, table } = this.capture;
      parts.push(chunk.slice(this.captureStart, i + 1));
      this.capture = null;
      const value = this.parseCaptured(parts.join(''));
      if (table === null) this.sink.meta(value);
      else this.sink.row(table, value);
    }
  }

  /** The table whose row starts here, if it is one we want. */
  private rowTable(): string | undefined {
    const depth = this.stack.length;
    const table = this.stack.at(-1);
    if (table?.kind !== '[' || !table.key || !this.tables.has(table.key)) return undefined;
    const data = this.stack[depth - 2];
    return data?.key === 'data' && (depth === 3 || (depth === 5 && this.stack[1]?.key === 'db')) ? table.key : undefined;
  }

  private isDataLevel(): boolean {
    return this.stack.length === 2 || (this.stack.length === 4 && this.stack[1]?.key === 'db');
  }

  private isMeta(key: string | null): boolean {
    return key === 'meta' && (this.stack.length === 1 || (this.stack.length === 3 && this.stack[1]?.key === 'db'));
  }

  private parseCaptured(text: string): unknown {
    try {
      return JSON.parse(text, (key, value: unknown) => (secretKeys.has(key) ? undefined : value));
    } catch (error) {
      this.fail(`a record is not valid JSON (${(error as Error).message})`);
    }
  }

  private fail(problem: string): never {
    throw new ImportFormatError(`The Ghost export is not valid JSON near line ${this.line}: ${problem}.`, { line: this.line });
  }
}
