// What the checks compare between a source block and its translation: the numbers, dates,
// bare URLs, link targets, image addresses and code a translator must carry over as they
// are, and the prose left once those are taken out. Each is found by one linear scan.

export interface BlockFacts {
  numbers: string[];
  dates: string[];
  urls: string[];
  links: string[];
  images: string[];
  code: string[];
  /** The text with code, URLs and link targets taken out: what language checks read. */
  prose: string;
}

const fencedCode = /^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n? {0,3}\1[~`]*\s*$/gm;
const inlineCode = /(`+)([^`\n]+?)\1/g;
const image = /!\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const link = /\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const bareUrl = /\bhttps?:\/\/[^\s<>()\]"'，。、）]+/g;
const isoDate = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g;
const zhDate = /(\d{4})\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?/g;
const months = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const enMonthFirst = new RegExp(`\\b(${months})\\.?\\s+(?:(\\d{1,2})(?:st|nd|rd|th)?,?\\s+)?(\\d{4})\\b`, 'gi');
const enDayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(${months})\\.?,?\\s+(\\d{4})\\b`, 'gi');
const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthNumber = (name: string) => String(monthNames.indexOf(name.slice(0, 3).toLowerCase()) + 1);
const number = /\d+(?:[,，]\d{3})*(?:\.\d+)?(?:\s*([万亿]))?/g;

export function readBlockFacts(markdown: string): BlockFacts {
  const code: string[] = [];
  let text = markdown.replace(fencedCode, (_m, _f: string, body: string) => {
    code.push(body);
    return ' ';
  });
  text = text.replace(inlineCode, (_m, _t: string, body: string) => {
    code.push(body.trim());
    return ' ';
  });
  const images: string[] = [];
  text = text.replace(image, (_m, src: string) => {
    images.push(src);
    return ' ';
  });
  const links: string[] = [];
  text = text.replace(link, (whole: string, href: string) => {
    links.push(href);
    // The link's words stay: they are prose to translate.
    return whole.slice(1, whole.indexOf(']('));
  });
  const urls: string[] = [];
  text = text.replace(bareUrl, (url: string) => {
    urls.push(url.replace(/[.,;:!?]+$/, ''));
    return ' ';
  });
  const dates: string[] = [];
  const keepDate = (y: string, m: string, d: string | undefined) => {
    dates.push([y, m.padStart(2, '0'), ...(d ? [d.padStart(2, '0')] : [])].join('-'));
    return ' ';
  };
  const prose = text;
  let rest = text.replace(isoDate, (_m, y: string, m: string, d: string) => keepDate(y, m, d));
  rest = rest.replace(zhDate, (_m, y: string, m: string, d: string | undefined) => keepDate(y, m, d));
  rest = rest.replace(enDayFirst, (_m, d: string, mon: string, y: string) => keepDate(y, monthNumber(mon), d));
  rest = rest.replace(enMonthFirst, (_m, mon: string, d: string | undefined, y: string) => keepDate(y, monthNumber(mon), d));
  const numbers: string[] = [];
  for (const match of rest.matchAll(number)) numbers.push(normalizeNumber(match[0], match[1]));
  return { numbers, dates, urls, links, images, code, prose };
}

/** "1,000" and "1000" are the same number; "3万" is 30000 and "2亿" 200000000. */
function normalizeNumber(raw: string, unit: string | undefined): string {
  const digits = raw.replace(/[万亿\s]/g, '').replace(/[,，]/g, '');
  if (!unit) return String(Number(digits));
  const scale = unit === '万' ? 10_000 : 100_000_000;
  return String(Math.round(Number(digits) * scale));
}

/** The members of `a` not in `b`, counting repeats (a number twice in the source must be twice in the translation). */
export function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const value of b) left.set(value, (left.get(value) ?? 0) + 1);
  const missing: string[] = [];
  for (const value of a) {
    const count = left.get(value) ?? 0;
    if (count > 0) left.set(value, count - 1);
    else missing.push(value);
  }
  return missing;
}
