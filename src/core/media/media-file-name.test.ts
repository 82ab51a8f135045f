import { describe, expect, it } from 'vitest';
import { hashedFileName, sanitizeBaseName } from './media-file-name';

describe('sanitizeBaseName', () => {
  it.each([
    ['Tea and Time.PNG', 'tea-and-time'],
    ['../../etc/passwd.png', 'passwd'],
    ['..\\x.png', 'x'],
    ['C:\\Users\\me\\Desktop\\cover photo.jpg', 'cover-photo'],
    ['.hidden.png', 'hidden'],
    ['.png', 'file'],
    ['..', 'file'],
    ['', 'file'],
    ['茶与时间.PNG', 'cha-yu-shijian'],
    ['ＣＯＶＥＲ　２０２４.webp', 'cover-2024'],
    ['Café.jpg', 'cafe'],
    ['ありがとう.png', 'file'],
    ['untitled.png', 'untitled'],
    ['report.final.v2.pdf', 'report-final-v2'],
    ['a\0b.png', 'a-b'],
    [`${'long-'.repeat(30)}.png`, 'long-'.repeat(12).slice(0, -1)],
  ])('%j → %s', (input, expected) => {
    const base = sanitizeBaseName(input);
    expect(base).toBe(expected);
    expect(base).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('hashedFileName', () => {
  const sha = 'ab'.repeat(32);
  it('puts 12 hex of the hash before the extension, and a variant suffix after it', () => {
    expect(hashedFileName('tea', sha, 'png')).toBe('tea.abababababab.png');
    expect(hashedFileName('tea', sha, 'webp', 'w960')).toBe('tea.abababababab.w960.webp');
    expect(hashedFileName('tea', sha, 'png', undefined, 64)).toBe(`tea.${sha}.png`);
  });
});
