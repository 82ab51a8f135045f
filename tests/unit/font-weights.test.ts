// The Latin font files keep only the weights 400-700 of their axes (scripts/latin-fonts.mjs):
// a weight outside that range would pick no Latin face at all and fall back to the system
// font, so every weight the stylesheets set must lie inside it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('font weights', () => {
  it('every font-weight the stylesheets set is one the Latin files keep', () => {
    const outside: string[] = [];
    const files = cssFiles('src');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      for (const [, value] of readFileSync(file, 'utf8').matchAll(/font-weight:\s*([^;}]+)/g)) {
        const weight = value!.trim();
        if (/^var\(/.test(weight) || weight === 'normal' || weight === 'bold' || weight === 'inherit') continue;
        if (!/^\d+$/.test(weight) || Number(weight) < 400 || Number(weight) > 700) outside.push(`${file}: ${weight}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('the generated faces declare that range', () => {
    const css = readFileSync('src/generated/latin-fonts/fonts.css', 'utf8');
    const declared = new Set([...css.matchAll(/font-weight:\s*([^;]+);/g)].map(([, value]) => value));
    expect(declared).toEqual(new Set(['400 700']));
  });
});
