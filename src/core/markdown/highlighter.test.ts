import { describe, expect, it } from 'vitest';
import { codeThemes, getHighlighter } from './highlighter';

describe('getHighlighter', () => {
  it('is created once and shared', async () => {
    const first = getHighlighter();
    expect(getHighlighter()).toBe(first);
    expect(await first).toBe(await getHighlighter());
  });

  it('knows the fixed languages and their usual aliases', async () => {
    const loaded = (await getHighlighter()).getLoadedLanguages();
    for (const lang of ['ts', 'tsx', 'js', 'json', 'bash', 'sh', 'css', 'html', 'python', 'py', 'sql', 'yaml', 'yml', 'markdown', 'md', 'diff']) {
      expect(loaded).toContain(lang);
    }
    expect(loaded).not.toContain('rust');
  });

  it('has both themes', async () => {
    const themes = (await getHighlighter()).getLoadedThemes();
    expect(themes).toEqual(expect.arrayContaining([codeThemes.light, codeThemes.dark]));
  });
});
