// Subtitle text rules: SubRip (.srt, what most tools export) is converted to WebVTT
// (the only format <track> plays), and a WebVTT file is checked before it is stored.
// Problems are codes with a line number, so the Studio can word them in either language.

export type VttProblemCode = 'missing-header' | 'malformed-timing' | 'end-not-after-start' | 'script' | 'nul';

export interface VttProblem {
  code: VttProblemCode;
  /** 1-based line of the problem in the text after line endings are normalised. */
  line: number;
}

const srtTimestamp = /(\d+):(\d{2}):(\d{2})[,.](\d{1,3})/g;
const srtTiming = /^\s*\d+:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d+:\d{2}:\d{2}[,.]\d{1,3}/;
const vttTimestamp = String.raw`(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})`;
const vttTiming = new RegExp(String.raw`^${vttTimestamp}[ \t]+-->[ \t]+${vttTimestamp}(?:[ \t]+\S.*)?$`);

/** Strips a byte-order mark and turns CRLF and lone CR into LF. */
export function normalizeSubtitleText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** SubRip to WebVTT: header added, cue numbers dropped, `,` in timestamps made `.`, text kept. */
export function srtToVtt(text: string): string {
  const blocks = normalizeSubtitleText(text)
    .split(/\n(?:[ \t]*\n)+/)
    .map((block) => block.replace(/^\n+|\s+$/g, '').split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));

  const cues: string[][] = [];
  for (const lines of blocks) {
    const timingAt = lines.findIndex((line) => srtTiming.test(line));
    // Only a cue number (or nothing) may come before the timing line.
    if (timingAt === -1 || timingAt > 1) {
      // A blank line inside a SubRip cue's text: WebVTT cannot hold it, so the text joins the cue before.
      cues.at(-1)?.push(...lines.map(escapeArrow));
      continue;
    }
    cues.push([convertTiming(lines[timingAt]!), ...lines.slice(timingAt + 1).map(escapeArrow)]);
  }
  return `WEBVTT\n\n${cues.map((cue) => cue.join('\n')).join('\n\n')}\n`;
}

function convertTiming(line: string): string {
  const [start, end] = [...line.matchAll(srtTimestamp)].map(([, h, m, s, ms]) => {
    return `${h!.padStart(2, '0')}:${m}:${s}.${ms!.padEnd(3, '0')}`;
  });
  // SubRip's X1:… Y1:… box coordinates have no WebVTT equivalent and are dropped.
  return `${start} --> ${end}`;
}

/** "-->" may not appear in WebVTT cue text; the entity reads the same. */
function escapeArrow(line: string): string {
  return line.replaceAll('-->', '--&gt;');
}

/** Everything wrong with a WebVTT text; an empty list means it can be stored. */
export function validateVtt(text: string): VttProblem[] {
  const problems: VttProblem[] = [];
  const lines = normalizeSubtitleText(text).split('\n');
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) problems.push({ code: 'missing-header', line: 1 });

  lines.forEach((line, i) => {
    const lineNumber = i + 1;
    if (line.includes('\0')) problems.push({ code: 'nul', line: lineNumber });
    if (/<script/i.test(line)) problems.push({ code: 'script', line: lineNumber });
    if (!line.includes('-->')) return;
    const match = vttTiming.exec(line);
    if (!match) {
      problems.push({ code: 'malformed-timing', line: lineNumber });
      return;
    }
    if (toMilliseconds(match.slice(5, 9)) <= toMilliseconds(match.slice(1, 5))) {
      problems.push({ code: 'end-not-after-start', line: lineNumber });
    }
  });
  return problems;
}

function toMilliseconds([hours, minutes, seconds, millis]: (string | undefined)[]): number {
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}
