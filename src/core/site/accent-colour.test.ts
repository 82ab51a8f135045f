import { describe, expect, it } from 'vitest';
import {
  accentPalette,
  contrastRatio,
  darkPaper,
  defaultAccent,
  deriveDarkAccent,
  findAccentProblem,
  lightPaper,
  minimumContrast,
  normalizeHex,
} from './accent-colour';

describe('contrastRatio', () => {
  it('matches WCAG’s own figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WCAG's classic example: #767676 on white is the lightest grey that passes AA.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(contrastRatio('#b3402a', lightPaper)).toBeCloseTo(5.38, 2);
  });
});

describe('normalizeHex', () => {
  it.each([
    ['#B3402A', '#b3402a'],
    ['b3402a', '#b3402a'],
    ['#b42', '#bb4422'],
    [' #123456 ', '#123456'],
  ])('%s → %s', (input, expected) => expect(normalizeHex(input)).toBe(expected));

  it.each(['red', '#12345', '#1234567', 'rgb(0,0,0)', '#gg0000', ''])('refuses %s', (input) => expect(normalizeHex(input)).toBeNull());
});

describe('findAccentProblem', () => {
  it.each(['#b3402a', '#1d4ed8', '#0f766e', '#000000', '#6f6f6f'])('accepts %s', (hex) => expect(findAccentProblem(hex)).toBeNull());

  it('refuses a colour too light for text on the light paper, quoting its contrast', () => {
    expect(findAccentProblem('#ffff00')).toBe(
      'Has a contrast of 1.01:1 on the light paper (#fbf8f3); text needs at least 4.5:1. Choose a darker colour.',
    );
    // The lightest grey that passes on white falls short on the warmer, darker paper.
    expect(findAccentProblem('#767676')).toMatch(/^Has a contrast of 4\.28:1 on the light paper/);
  });

  it('refuses what is not a hex colour', () => {
    expect(findAccentProblem('tomato')).toBe('Must be a colour in hex, such as #b3402a.');
  });
});

describe('deriveDarkAccent and accentPalette', () => {
  it.each(['#b3402a', '#1d4ed8', '#0f766e', '#6d28d9', '#000000', '#7a5c00', '#6f6f6f'])(
    'gives %s a dark-mode shade that reads on the dark paper, in the same hue',
    (hex) => {
      const dark = deriveDarkAccent(hex);
      expect(contrastRatio(dark, darkPaper)).toBeGreaterThanOrEqual(7);
      // Lighter, not another colour: the dark shade is closer to the light one than white is.
      expect(contrastRatio(dark, hex)).toBeLessThan(contrastRatio('#ffffff', hex));
      const palette = accentPalette(hex);
      expect(contrastRatio(palette.lightInk, palette.light)).toBeGreaterThanOrEqual(minimumContrast);
      expect(contrastRatio(palette.darkInk, palette.dark)).toBeGreaterThanOrEqual(minimumContrast);
    },
  );

  it('keeps Duet’s own pair when no accent is set or the default is chosen', () => {
    expect(accentPalette(null)).toEqual(defaultAccent);
    expect(accentPalette('#B3402A')).toEqual(defaultAccent);
  });

  it('no colour passes on both papers, which is why the dark shade is derived', () => {
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(Math.min(contrastRatio(hex, lightPaper), contrastRatio(hex, darkPaper))).toBeLessThan(minimumContrast);
    }
  });
});
