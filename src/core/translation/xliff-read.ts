// Reads a translated XLIFF file (2.0–2.2 or 1.2) with a real XML parser (saxes): for each
// text its source note (post, direction, revision, hash) and each unit's target as text
// and references to the source's inline codes. Anything malformed is refused as a whole,
// naming the line, before a single draft is written.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { AppError } from '@/core/errors/app-error';
import type { Locale } from '@/core/locales';
import type { ReadPiece, ReadText, ReadUnit } from './exchange';
import { joinSegments } from './xliff-segments';
import { sourceNotePattern } from './xliff-write';

const ns2 = 'urn:oasis:names:tc:xliff:document:2.0';
const ns12 = 'urn:oasis:names:tc:xliff:document:1.2';
const maxDepth = 40;
const maxUnits = 50_000;

export function xliffError(message: string, line: number): AppError {
  return new AppError('VALIDATION', `The XLIFF file cannot be read (line ${line}): ${message}. Nothing was imported.`, { reason: 'xliff-malformed', details: { line } });
}

export interface ReadXliff {
  version: '1.2' | '2';
  texts: ReadText[];
}

export function readXliff(xml: string): ReadXliff {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const fail = (message: string): never => {
    throw xliffError(message, parser.line);
  };
  let version: ReadXliff['version'] | null = null;
  const texts: ReadText[] = [];
  const stack: string[] = [];
  let text: (Partial<ReadText> & { units: ReadUnit[]; line: number }) | null = null;
  // A unit's segments (2.x) and the target of each, joined when the unit ends.
  let unit: (ReadUnit & { segments: number; targets: ReadPiece[][] }) | null = null;
  let target: ReadPiece[] | null = null;
  let inIgnorable = false;
  let note: { parts: string[] } | null = null;
  let unitCount = 0;

  parser.on('error', (error) => fail(`not well-formed XML: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.$/, '')}`));
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (stack.length >= maxDepth) fail(`elements nest more than ${maxDepth} levels deep`);
    const name = tag.local;
    const attr = (n: string) => tag.attributes[n]?.value;
    stack.push(name);
    if (stack.length === 1) {
      if (name !== 'xliff') fail(`the root element is <${tag.name}>, not <xliff>`);
      if (tag.uri === ns2 && /^2\.[0-2]$/.test(attr('version') ?? '')) version = '2';
      else if (tag.uri === ns12 && attr('version') === '1.2') version = '1.2';
      else fail(`unsupported XLIFF version “${(attr('version') ?? '').slice(0, 20)}” or namespace; Duet reads XLIFF 1.2 and 2.x`);
      return;
    }
    if (tag.uri !== (version === '2' ? ns2 : ns12) && target === null) return;
    if (name === 'file') {
      if (text) fail('a <file> inside a <file>');
      text = { units: [], line: parser.line };
      return;
    }
    if (name === 'note' && text && !unit) {
      note = { parts: [] };
      return;
    }
    if ((version === '2' && name === 'unit') || (version === '1.2' && name === 'trans-unit')) {
      if (!text) fail('a unit outside a <file>');
      const id = attr('id');
      if (!id) fail('a unit without an id');
      if (++unitCount > maxUnits) fail(`more than ${maxUnits} units`);
      // The file's note (read first) names the post; unit ids carry it as a prefix.
      const prefix = text!.postId === undefined ? null : `p${text!.postId}-`;
      if (prefix === null || !id!.startsWith(prefix)) fail(`the unit “${id!.slice(0, 40)}” does not belong to the post its <file> names`);
      unit = { id: id!.slice(prefix!.length), target: null, line: parser.line, segments: 0, targets: [] };
      return;
    }
    if (version === '2' && unit && !target && (name === 'segment' || name === 'ignorable')) {
      if (name === 'segment') unit.segments += 1;
      inIgnorable = name === 'ignorable';
      return;
    }
    // The space between sentences (an <ignorable>) is Duet's to put back, in the target's language.
    if (name === 'target' && unit && !inIgnorable) {
      if (target) fail('a <target> inside a <target>');
      target = [];
      return;
    }
    if (target) {
      if ((version === '2' && name === 'ph') || (version === '1.2' && (name === 'x' || name === 'ph'))) {
        const ref = Number(attr('id'));
        if (!Number.isInteger(ref) || ref < 1) fail(`an inline code with the id “${(attr('id') ?? '').slice(0, 20)}”, not one Duet wrote`);
        target.push({ ref });
      } else if (name !== 'mrk' && name !== 'sm' && name !== 'em') {
        fail(`an inline <${name}> in a target; keep the codes the file came with`);
      }
    }
  });
  parser.on('text', (value) => {
    if (target) target.push({ text: value });
    else if (note) note.parts.push(value);
  });
  parser.on('cdata', (value) => {
    if (target) target.push({ text: value });
  });
  parser.on('closetag', (tag) => {
    const name = stack.pop();
    if (name === 'target' && unit && target && tag.local === 'target') {
      unit.targets.push(target);
      target = null;
    } else if (name === 'ignorable') {
      inIgnorable = false;
    } else if (name === 'note' && note && text) {
      const m = sourceNotePattern.exec(note.parts.join('').trim());
      if (m) {
        text.postId = Number(m[1]);
        text.sourceLocale = m[2] as Locale;
        text.targetLocale = m[3] as Locale;
        text.sourceRevisionId = Number(m[4]);
        text.sourceHash = m[5];
      }
      note = null;
    } else if ((name === 'unit' || name === 'trans-unit') && unit && text) {
      const { targets, segments, ...read } = unit;
      // A unit with a segment left untranslated is untranslated; 1.2's one target is taken as it is.
      const whole = version === '2' ? targets.length > 0 && targets.length >= segments : targets.length > 0;
      text.units.push({ ...read, target: !whole ? null : version === '2' ? joinSegments(targets, text.targetLocale ?? 'en') : targets.flat() });
      unit = null;
    } else if (name === 'file' && text) {
      if (text.postId === undefined) fail(`the <file> that starts on line ${text.line} has no Duet source note: it was not exported by Duet`);
      texts.push(text as ReadText);
      text = null;
    }
  });
  parser.write(xml).close();
  if (!version) throw xliffError('the file is empty', 1);
  if (texts.length === 0) fail('no <file> in the document');
  return { version, texts };
}
