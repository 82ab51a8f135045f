// The glossary's CSV and TBX files: what is written is read back the same, and a bad file
// is refused whole with its line named.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/core/errors/app-error';
import type { GlossaryTermInput } from './glossary';
import { readGlossaryCsv, writeGlossaryCsv } from './glossary-csv';
import { readGlossaryTbx, writeGlossaryTbx } from './glossary-tbx';

const terms: GlossaryTermInput[] = [
  { zh: '术语表', en: 'glossary', note: 'Not "word list", "vocabulary".\nSecond line.', doNotTranslate: false, forbidden: ['词汇表', 'termbase'] },
  { zh: 'Duet', en: 'Duet', note: '', doNotTranslate: true, forbidden: [] },
  { zh: '=SUM(1)', en: '-minus & <tag>', note: '', doNotTranslate: false, forbidden: [] },
];

function lineOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { line: error.details?.line, message: error.message };
    throw error;
  }
  return 'no error';
}

describe('CSV', () => {
  it('round-trips every field, a formula-looking term included', () => {
    const csv = writeGlossaryCsv(terms);
    expect(csv.split('\r\n')[0]).toBe('zh,en,note,do_not_translate,forbidden');
    expect(csv).toContain("'=SUM(1)");
    expect(readGlossaryCsv(csv)).toEqual(terms);
  });
  it('names the line of a bad row and keeps nothing', () => {
    const csv = 'zh,en,note\n术语表,glossary,\n,memory,no Chinese term\n';
    expect(lineOf(() => readGlossaryCsv(csv))).toMatchObject({ line: 3, message: expect.stringContaining('Line 3') });
    expect(lineOf(() => readGlossaryCsv('zh,en,do_not_translate\n甲,A,maybe\n'))).toMatchObject({ line: 2 });
    expect(lineOf(() => readGlossaryCsv('chinese,english\n甲,A\n'))).toMatchObject({ line: 1 });
  });
  it('refuses a file past the size limit before parsing it', () => {
    expect(lineOf(() => readGlossaryCsv(`zh,en\n${'甲,A\n'.repeat(600_000)}`))).toMatchObject({ line: null, message: expect.stringContaining('MB') });
  });
});

describe('TBX', () => {
  it('round-trips every field as TBX-Basic', () => {
    const tbx = writeGlossaryTbx(terms);
    expect(tbx).toContain('<tbx type="TBX-Basic" style="dca"');
    expect(tbx).toContain('<termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote>');
    expect(readGlossaryTbx(tbx)).toEqual(terms);
  });
  it('reads another tool’s regional language codes', () => {
    const tbx = `<?xml version="1.0"?><tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic" style="dca"><text><body>
<conceptEntry id="a"><langSec xml:lang="zh-CN"><termSec><term>记忆</term></termSec></langSec><langSec xml:lang="en-US"><termSec><term>memory</term></termSec></langSec><langSec xml:lang="fr"><termSec><term>mémoire</term></termSec></langSec></conceptEntry>
</body></text></tbx>`;
    expect(readGlossaryTbx(tbx)).toEqual([{ zh: '记忆', en: 'memory', note: '', doNotTranslate: false, forbidden: [] }]);
  });
  it('names the line of malformed XML and of an incomplete entry', () => {
    expect(lineOf(() => readGlossaryTbx('<tbx>\n<text>\n<body>\n<conceptEntry>\n<note>a</notes></conceptEntry></body></text></tbx>'))).toMatchObject({ line: 5, message: expect.stringContaining('not well-formed') });
    const noEnglish = '<tbx><text><body>\n\n<conceptEntry><langSec xml:lang="zh"><termSec><term>甲</term></termSec></langSec></conceptEntry></body></text></tbx>';
    expect(lineOf(() => readGlossaryTbx(noEnglish))).toMatchObject({ line: 3, message: expect.stringContaining('Line 3') });
    expect(lineOf(() => readGlossaryTbx('<martif><text/></martif>'))).toMatchObject({ line: 1 });
  });
  it('does not expand entities declared in the file', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE tbx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><tbx><text><body><conceptEntry><langSec xml:lang="zh"><termSec><term>&b;</term></termSec></langSec></conceptEntry></body></text></tbx>';
    expect(lineOf(() => readGlossaryTbx(bomb))).toMatchObject({ line: 1 });
  });
});
