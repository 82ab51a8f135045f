import { describe, expect, it } from 'vitest';
import { FrontMatterError, readFrontMatter } from './read-front-matter';

describe('readFrontMatter', () => {
  it('reads YAML, TOML and JSON front matter', () => {
    expect(readFrontMatter('---\ntitle: A\ntags: [x]\n---\nBody')).toEqual({ data: { title: 'A', tags: ['x'] }, body: 'Body', ignored: [] });
    expect(readFrontMatter('+++\ntitle = "B"\n+++\n\nBody').data).toEqual({ title: 'B' });
    expect(readFrontMatter('{"title": "C", "x": "}"}\nBody')).toEqual({ data: { title: 'C', x: '}' }, body: 'Body', ignored: [] });
    expect(readFrontMatter('No front matter')).toEqual({ data: {}, body: 'No front matter', ignored: [] });
  });

  it('refuses unclosed front matter and YAML alias bombs', () => {
    expect(() => readFrontMatter('---\ntitle: A\nBody')).toThrow(FrontMatterError);
    const bomb = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`), '---', ''].join('\n');
    expect(() => readFrontMatter(bomb)).toThrow(FrontMatterError);
  });

  it('reads TOML as leniently as Hugo: a leading zero is a number, an unreadable field is left out and named', () => {
    const file = readFrontMatter('+++\ntitle = "Seven"\ndateday = 07\nmood = not quoted\ndraft = false\n[params]\nweight = 003\n+++\nBody');
    expect(file.data).toEqual({ title: 'Seven', dateday: 7, draft: false, params: { weight: 3 } });
    expect(file.ignored).toEqual(['mood']);
    expect(file.body).toBe('Body');
    // A line that is not `key = value` cannot be mended: the whole front matter is refused.
    expect(() => readFrontMatter('+++\ntitle = "A"\ntags = [\n  "a" "b"\n]\n+++\nBody')).toThrow(FrontMatterError);
  });
});
