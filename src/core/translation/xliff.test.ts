// XLIFF written and read back in both versions: Markdown kept out of the translator's way
// as inline codes and restored on import, a changed source refused or merged, and a
// malformed file refused naming its line.
import { describe, expect, it } from 'vitest';
import { applyTranslation, unitsOf, type ExchangeText } from './exchange';
import { readXliff } from './xliff-read';
import { writeTmx, writeXliff, memoryPairs } from './xliff-write';

const source = '## 一个**标题**\n\n第一段，含[链接](https://example.com/a_b)和`代码`。\n\n```js\nconst a = 1;\n```\n\n- 甲\n- 乙';
const target = '## A **heading**\n\nThe first paragraph, with a [link](https://example.com/a_b) and `代码`.\n\n```js\nconst a = 1;\n```\n\n- one\n- two';
const text: ExchangeText = {
  postId: 7,
  sourceLocale: 'zh',
  targetLocale: 'en',
  sourceRevisionId: 41,
  title: { source: '标题 & <符号>', target: 'Title & <signs>' },
  body: { source, target },
};

describe('XLIFF', () => {
  it('protects Markdown as inline codes and never puts it in the text to translate', () => {
    const xml = writeXliff([text], 'xliff2', 'en', 'zh');
    expect(xml).toContain('<source xml:space="preserve"><ph id="1" dataRef="d1"/>一个<ph id="2" dataRef="d2"/>标题<ph id="3" dataRef="d3"/></source>');
    expect(xml).toContain('<data id="d2">](https://example.com/a_b)</data>');
    expect(xml).not.toContain('const a = 1');
    expect(writeXliff([text], 'xliff12', 'en', 'zh')).toContain('<x id="2" ctype="x-markdown" equiv-text="**"/>');
  });

  for (const format of ['xliff2', 'xliff12'] as const) {
    it(`reads back what it wrote (${format}) and rebuilds the translation exactly`, () => {
      const read = readXliff(writeXliff([text], format, 'en', 'zh'));
      expect(read.texts).toHaveLength(1);
      expect(read.texts[0]).toMatchObject({ postId: 7, sourceLocale: 'zh', targetLocale: 'en', sourceRevisionId: 41 });
      expect(applyTranslation(text, read.texts[0]!)).toEqual({ ok: true, title: 'Title & <signs>', body: target, merged: false });
    });
  }

  it('merges into a changed source when every block is still translated, refuses otherwise', () => {
    const file = readXliff(writeXliff([text], 'xliff2', 'en', 'zh')).texts[0]!;
    const retitled = { ...text, sourceRevisionId: 42, title: { ...text.title, source: '新标题' } };
    expect(applyTranslation(retitled, file)).toMatchObject({ ok: true, merged: true, body: target });
    const changed = { ...text, sourceRevisionId: 43, body: { ...text.body, source: source.replace('第一段', '改过的第一段') } };
    expect(applyTranslation(changed, file)).toEqual({ ok: false, reason: expect.stringContaining('the source changed since the export: 1 block(s)') });
  });

  it('refuses a target that lost a Markdown code', () => {
    const xml = writeXliff([text], 'xliff2', 'en', 'zh').replace('<target xml:space="preserve">The first paragraph, with a <ph id="1" dataRef="d1"/>', '<target xml:space="preserve">The first paragraph, with a ');
    expect(applyTranslation(text, readXliff(xml).texts[0]!)).toMatchObject({ ok: false, reason: expect.stringContaining('lost the Markdown of inline code 1') });
  });

  it('names the line of a malformed file', () => {
    const xml = writeXliff([text], 'xliff2', 'en', 'zh').replace('</segment>', '</segmnt>');
    expect(() => readXliff(xml)).toThrow(/\(line 14\): not well-formed XML: unexpected close tag\. Nothing was imported/);
    expect(() => readXliff('<xliff version="3.0"/>')).toThrow(/\(line 1\): unsupported XLIFF version/);
  });

  it('writes the memory as TMX pairs with the codes as <ph>', () => {
    const tmx = writeTmx(memoryPairs(text), 'zh', 'en');
    expect(tmx).toContain('<tuv xml:lang="zh-CN"><seg>标题 &amp; &lt;符号&gt;</seg></tuv>');
    expect(tmx).toContain('<seg>one<ph x="2" type="x-markdown"/>two</seg>');
    expect(unitsOf(text)).toHaveLength(4);
  });

  describe('sentence segments (2.1)', () => {
    const zhBody = '第一句有**粗体**。第二句有[链接](https://example.com/a.b)！第三句？\n\n只有一句。';
    const enBody = 'The first has **bold**. The second has a [link](https://example.com/a.b)! The third?\n\nOnly one.';
    const pair = (from: 'zh' | 'en', body: { source: string; target: string | null }): ExchangeText => ({
      postId: 9,
      sourceLocale: from,
      targetLocale: from === 'zh' ? 'en' : 'zh',
      sourceRevisionId: 3,
      title: { source: 'T', target: body.target === null ? null : 'U' },
      body,
    });
    const segmentsOf = (xml: string) => xml.split('<unit ').slice(2).map((u) => (u.match(/<segment[ >]/g) ?? []).length);

    for (const [from, source, target] of [['zh', zhBody, enBody], ['en', enBody, zhBody]] as const) {
      it(`cuts a block both sides split alike into sentences and joins them back (${from} → ${from === 'zh' ? 'en' : 'zh'})`, () => {
        const text = pair(from, { source, target });
        const xml = writeXliff([text], 'xliff2', text.targetLocale, from);
        expect(segmentsOf(xml)).toEqual([3, 1]);
        // The space between English sentences is the source's ignorable; Chinese has none.
        expect(xml.includes('<ignorable><source xml:space="preserve"> </source></ignorable>')).toBe(from === 'en');
        const read = readXliff(xml).texts[0]!;
        const applied = applyTranslation(text, read);
        expect(applied).toEqual({ ok: true, title: 'U', body: target, merged: false });
        // Export → import → export: the same file.
        if (applied.ok) expect(writeXliff([{ ...text, body: { source, target: applied.body } }], 'xliff2', text.targetLocale, from)).toBe(xml);
      });
    }

    it('keeps a block whole when its translation splits otherwise', () => {
      const xml = writeXliff([pair('zh', { source: zhBody, target: 'The first has **bold**, the second a [link](https://example.com/a.b)! The third?\n\nOnly one.' })], 'xliff2', 'en', 'zh');
      expect(segmentsOf(xml)).toEqual([1, 1]);
      expect(xml).toContain('<source xml:space="preserve">第一句有<ph id="1" dataRef="d1"/>粗体<ph id="2" dataRef="d2"/>。第二句有');
    });

    it('cuts an untranslated block on its source, and takes a CAT tool\'s targets segment by segment', () => {
      const text = pair('zh', { source: zhBody, target: null });
      const xml = writeXliff([text], 'xliff2', 'en', 'zh');
      expect(segmentsOf(xml)).toEqual([3, 1]);
      // The title, the three sentences of the first block, the second block.
      const targets = ['U', 'The first has <ph id="1" dataRef="d1"/>bold<ph id="2" dataRef="d2"/>.', 'The second has a <ph id="3" dataRef="d3"/>link<ph id="4" dataRef="d4"/>!', 'The third?', 'Only one.'];
      const filled = (all: boolean) => {
        let n = 0;
        return xml.replace(/(<source xml:space="preserve">(?:[^<]|<ph[^>]*>)*?<\/source>)\n(\s*)<\/segment>/g, (whole, src: string, indent: string) => {
          const next = targets[n++]!;
          return all || n !== 3 ? `${src}\n${indent}  <target xml:space="preserve">${next}</target>\n${indent}</segment>` : whole;
        });
      };
      expect(applyTranslation(text, readXliff(filled(true)).texts[0]!)).toEqual({ ok: true, title: 'U', body: enBody, merged: false });
      // A sentence left untranslated leaves its block untranslated.
      expect(applyTranslation(text, readXliff(filled(false)).texts[0]!)).toEqual({ ok: false, reason: '1 block(s) have no translation in the file' });
    });

    it('counts targets that copy the source segment by segment as untranslated', () => {
      const text = pair('zh', { source: zhBody, target: null });
      const copied = writeXliff([text], 'xliff2', 'en', 'zh').replace(/<source xml:space="preserve">((?:[^<]|<ph[^>]*>)*?)<\/source>/g, (whole, inner: string) => `${whole}<target xml:space="preserve">${inner}</target>`);
      expect(applyTranslation(text, readXliff(copied).texts[0]!)).toEqual({ ok: false, reason: '2 block(s) have no translation in the file' });
    });
  });
});
