import { describe, expect, it } from 'vitest';
import { isPhpArray, phpGet, PhpUnserializeError, unserializePhp } from './unserialize-php';

describe('unserializePhp', () => {
  it('reads the Polylang group shape, with string and int ids and a sync sub-array', () => {
    const value = unserializePhp('a:3:{s:2:"en";i:413;s:2:"fr";s:3:"414";s:4:"sync";a:2:{s:2:"fr";s:2:"en";s:2:"en";s:2:"en";}}');
    expect(phpGet(value, 'en')).toBe(413);
    expect(phpGet(value, 'fr')).toBe('414');
    expect(isPhpArray(phpGet(value, 'sync'))).toBe(true);
  });

  it('counts string lengths in UTF-8 bytes', () => {
    expect(unserializePhp('s:6:"中文";')).toBe('中文');
    expect(phpGet(unserializePhp('a:1:{s:6:"locale";s:5:"zh_CN";}'), 'locale')).toBe('zh_CN');
    expect(() => unserializePhp('s:2:"中文";')).toThrow(PhpUnserializeError);
  });

  it('reads scalars and integer keys', () => {
    expect(unserializePhp('b:1;')).toBe(true);
    expect(unserializePhp('N;')).toBeNull();
    expect(unserializePhp('d:1.5;')).toBe(1.5);
    expect(phpGet(unserializePhp('a:1:{i:0;s:1:"x";}'), 0)).toBe('x');
  });

  it('refuses objects, references and anything malformed', () => {
    for (const bad of ['O:8:"stdClass":0:{}', 'C:3:"Foo":0:{}', 'a:1:{i:0;r:1;}', 'a:1:{i:0;O:1:"A":0:{}}', 's:5:"abc";', 'a:2:{i:0;s:1:"x";}', 'i:12', 'x']) {
      expect(() => unserializePhp(bad), bad).toThrow(PhpUnserializeError);
    }
  });

  it('caps nesting depth', () => {
    expect(() => unserializePhp('a:1:{i:0;'.repeat(100) + 'N;' + '}'.repeat(100))).toThrow(/deeply/);
  });
});
