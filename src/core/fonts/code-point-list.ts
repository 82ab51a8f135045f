// A sorted set of code points written compactly for a URL: the first in base 36, then
// each as its distance from the one before (`feo.1.a` is U+4E00, U+4E01, U+4E0B). The
// Chinese display font is asked for by such lists (/fonts/serif-sc.css?c=…), so a list
// has exactly one spelling: anything else (unsorted, repeated, zero steps, upper case)
// does not decode, and a cache never holds two copies of one font.

const part = /^[1-9a-z][0-9a-z]{0,4}$/;

export function encodeCodePoints(codePoints: Iterable<number>): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  let previous = 0;
  return sorted
    .map((codePoint) => {
      const step = codePoint - previous;
      previous = codePoint;
      return step.toString(36);
    })
    .join('.');
}

/** The code points of a list, or null when it is not one's only spelling or has more than `max`. */
export function decodeCodePoints(text: string, max: number): number[] | null {
  if (text.length === 0 || text.length > max * 6) return null;
  const parts = text.split('.');
  if (parts.length > max) return null;
  const codePoints: number[] = [];
  let previous = 0;
  for (const piece of parts) {
    if (!part.test(piece)) return null;
    previous += parseInt(piece, 36);
    if (previous > 0x10ffff) return null;
    codePoints.push(previous);
  }
  return codePoints;
}

/** `U+4E00-4E02,U+4E08` for the exact code points given (sorted). */
export function unicodeRangeOf(codePoints: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < codePoints.length; ) {
    let j = i;
    while (j + 1 < codePoints.length && codePoints[j + 1] === codePoints[j]! + 1) j += 1;
    const hex = (n: number) => n.toString(16).toUpperCase();
    ranges.push(i === j ? `U+${hex(codePoints[i]!)}` : `U+${hex(codePoints[i]!)}-${hex(codePoints[j]!)}`);
    i = j + 1;
  }
  return ranges.join(',');
}
