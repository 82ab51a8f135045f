import { describe, expect, it } from 'vitest';
import { FrontMatterError, readFrontMatter } from './read-front-matter';

describe('readFrontMatter', () => {
  it('reads YAML, TOML and JSON front matter', () => {
    expect(readFrontMatter('---\ntitle: A\ntags: [x]\n---\nBody')).toEqual({ data: { title: 'A', tags: ['x'] }, body: 'Body' });
    expect(readFrontMatter('+++\ntitle = "B"\n+++\n\nBody').data).toEqual({ title: 'B' });
    expect(readFrontMatter('{"title": "C", "x": "}"}\nBody')).toEqual({ data: { title: 'C', x: '}' }, body: 'Body' });
    expect(readFrontMatter('No front matter')).toEqual({ data: {}, body: 'No front matter' });
  });

  it('refuses unclosed front matter and YAML alias bombs', () => {
    expect(() => readFrontMatter('---\ntitle: A\nBody')).toThrow(FrontMatterError);
    const bomb = ['---', 'a: &a ["x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`), '---', ''].join('\n');
    expect(() => readFrontMatter(bomb)).toThrow(FrontMatterError);
  });
});
