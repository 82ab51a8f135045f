// The glossary as TBX (ISO 30042:2019, the TBX-Basic dialect in its DCA style), the termbase
// format CAT tools exchange. Each term is a <conceptEntry> with a Chinese and an English
// <langSec>: the approved term is the preferred one, forbidden variants are deprecated
// terms, the note is the entry's <note>, and "do not translate" is
// <admin type="projectSubset">do-not-translate</admin>. Reading streams the XML through
// saxes with a bound on size, depth and entries; the first problem is named by its line
// and nothing is kept.
import { SaxesParser, type SaxesTag } from 'saxes';
import { glossaryLimits, glossaryTermInput, type GlossaryTermInput } from './glossary';
import { describeIssue, glossaryFileError } from './glossary-csv';

const doNotTranslate = 'do-not-translate';
const maxDepth = 20;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function termSec(term: string, status: 'preferredTerm-admn-sts' | 'deprecatedTerm-admn-sts'): string {
  return `<termSec><term>${escapeXml(term)}</term><termNote type="administrativeStatus">${status}</termNote></termSec>`;
}

export function writeGlossaryTbx(terms: readonly GlossaryTermInput[]): string {
  const entries = terms.map((t, i) => {
    const parts = [`    <conceptEntry id="c${i + 1}">`];
    if (t.doNotTranslate) parts.push(`      <admin type="projectSubset">${doNotTranslate}</admin>`);
    if (t.note) parts.push(`      <note>${escapeXml(t.note)}</note>`);
    for (const locale of ['zh', 'en'] as const) {
      const variants = t.forbidden.filter((v) => /[\u3400-\u9fff]/.test(v) === (locale === 'zh'));
      parts.push(`      <langSec xml:lang="${locale}">${termSec(t[locale], 'preferredTerm-admn-sts')}${variants.map((v) => termSec(v, 'deprecatedTerm-admn-sts')).join('')}</langSec>`);
    }
    parts.push('    </conceptEntry>');
    return parts.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<tbx type="TBX-Basic" style="dca" xml:lang="zh" xmlns="urn:iso:std:iso:30042:ed-2">',
    '  <tbxHeader><fileDesc><sourceDesc><p>Duet glossary</p></sourceDesc></fileDesc></tbxHeader>',
    '  <text><body>',
    ...entries,
    '  </body></text>',
    '</tbx>',
    '',
  ].join('\n');
}

interface EntryDraft {
  line: number;
  note: string;
  doNotTranslate: boolean;
  preferred: { zh?: string; en?: string };
  forbidden: string[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const pairLocale = (lang: string | undefined): 'zh' | 'en' | null => {
  const base = (lang ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'zh' || base === 'en' ? base : null;
};

export function readGlossaryTbx(text: string): GlossaryTermInput[] {
  if (new TextEncoder().encode(text).length > glossaryLimits.importBytes) throw glossaryFileError(`A glossary file may be at most ${glossaryLimits.importBytes / 1024 / 1024} MB.`, null);
  const parser = new SaxesParser({ position: true });
  const terms: GlossaryTermInput[] = [];
  const stack: string[] = [];
  let entry: EntryDraft | null = null;
  let lang: 'zh' | 'en' | null = null;
  let term: { text: string; status: string } | null = null;
  let capture: { kind: 'term' | 'status' | 'note' | 'admin'; text: string } | null = null;
  let sawRoot = false;

  parser.on('opentag', (tag: SaxesTag) => {
    const name = localName(tag.name);
    if (stack.length >= maxDepth) throw glossaryFileError(`Line ${parser.line}: the file nests elements more than ${maxDepth} levels deep; no TBX file does.`, parser.line);
    if (stack.length === 0) {
      if (name !== 'tbx') throw glossaryFileError(`Line ${parser.line}: this is not a TBX file (its root element is <${name}>, not <tbx>).`, parser.line);
      sawRoot = true;
    }
    stack.push(name);
    const attr = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (name === 'conceptEntry' || name === 'termEntry') {
      if (terms.length >= glossaryLimits.importTerms) throw glossaryFileError(`Line ${parser.line}: a glossary file may hold at most ${glossaryLimits.importTerms} terms.`, parser.line);
      entry = { line: parser.line, note: '', doNotTranslate: false, preferred: {}, forbidden: [] };
    } else if (entry && (name === 'langSec' || name === 'langSet')) lang = pairLocale(attr('xml:lang'));
    else if (entry && (name === 'termSec' || name === 'tig')) term = { text: '', status: '' };
    else if (term && name === 'term') capture = { kind: 'term', text: '' };
    else if (term && name === 'termNote' && attr('type') === 'administrativeStatus') capture = { kind: 'status', text: '' };
    else if (entry && !term && name === 'note') capture = { kind: 'note', text: '' };
    else if (entry && name === 'admin' && attr('type') === 'projectSubset') capture = { kind: 'admin', text: '' };
  });
  parser.on('text', (value) => {
    if (capture) capture.text += value;
  });
  parser.on('cdata', (value) => {
    if (capture) capture.text += value;
  });
  parser.on('closetag', () => {
    const name = stack.pop();
    if (capture && (name === 'term' || name === 'termNote' || name === 'note' || name === 'admin')) {
      if (capture.kind === 'term' && term) term.text = capture.text.trim();
      else if (capture.kind === 'status' && term) term.status = capture.text.trim();
      else if (capture.kind === 'note' && entry) entry.note = [entry.note, capture.text.trim()].filter(Boolean).join('\n');
      else if (capture.kind === 'admin' && entry && capture.text.trim() === doNotTranslate) entry.doNotTranslate = true;
      capture = null;
    } else if (name === 'termSec' || name === 'tig') {
      if (entry && lang && term && term.text) {
        const forbidden = /deprecated|superseded/i.test(term.status);
        if (forbidden) entry.forbidden.push(term.text);
        else entry.preferred[lang] ??= term.text;
      }
      term = null;
    } else if (name === 'langSec' || name === 'langSet') lang = null;
    else if ((name === 'conceptEntry' || name === 'termEntry') && entry) {
      const parsed = glossaryTermInput.safeParse({ zh: entry.preferred.zh ?? '', en: entry.preferred.en ?? '', note: entry.note, doNotTranslate: entry.doNotTranslate, forbidden: entry.forbidden });
      if (!parsed.success) throw glossaryFileError(`Line ${entry.line}: ${describeIssue(parsed.error.issues[0])} (each entry needs a Chinese and an English term)`, entry.line);
      terms.push(parsed.data);
      entry = null;
    }
  });
  parser.on('error', (error) => {
    throw glossaryFileError(`Line ${parser.line}: the file is not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, '')}`, parser.line);
  });
  parser.write(text.replace(/^\uFEFF/, ''));
  parser.close();
  if (!sawRoot) throw glossaryFileError('The file is empty: a TBX file starts with <tbx>.', 1);
  return terms;
}
