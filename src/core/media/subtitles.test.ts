import { describe, expect, it } from 'vitest';
import { normalizeSubtitleText, srtToVtt, validateVtt } from './subtitles';

const srt = [
  '\uFEFF1',
  '00:00:01,000 --> 00:00:04,250',
  '茶叶在水里慢慢展开。',
  '',
  '2',
  '00:00:05,5 --> 00:00:07,000 X1:10 X2:100 Y1:10 Y2:50',
  'The leaves unfold slowly.',
  'Second line --> with an arrow',
  '',
  '',
  '3',
  '100:00:08,000 --> 100:00:09,000',
  '时间',
  '',
].join('\r\n');

describe('srtToVtt', () => {
  it('adds the header, drops cue numbers, converts timestamps and keeps the text', () => {
    expect(srtToVtt(srt)).toBe(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:04.250',
        '茶叶在水里慢慢展开。',
        '',
        '00:00:05.500 --> 00:00:07.000',
        'The leaves unfold slowly.',
        'Second line --&gt; with an arrow',
        '',
        '100:00:08.000 --> 100:00:09.000',
        '时间',
        '',
      ].join('\n'),
    );
  });

  it('produces WebVTT that validates', () => {
    expect(validateVtt(srtToVtt(srt))).toEqual([]);
  });

  it('pads a one-digit hour and accepts a file without cue numbers', () => {
    expect(srtToVtt('0:00:01,000 --> 0:00:02,000\n一\n')).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n一\n');
  });

  it('joins text after a blank line inside a cue to that cue', () => {
    expect(srtToVtt('1\n00:00:01,000 --> 00:00:02,000\n上\n\n下\n')).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n上\n下\n');
  });

  it('gives an empty track for an empty file', () => {
    expect(srtToVtt('')).toBe('WEBVTT\n\n\n');
    expect(validateVtt(srtToVtt(''))).toEqual([]);
  });
});

describe('validateVtt', () => {
  it('accepts a file with a title, a BOM, CRLF, cue ids, settings, NOTE and Chinese text', () => {
    const vtt = '\uFEFFWEBVTT 城市漫步\r\n\r\nNOTE 译者注\r\n\r\nintro\r\n00:01.000 --> 00:02.500 line:0 align:start\r\n<v 旁白>上海的早晨\r\n';
    expect(validateVtt(vtt)).toEqual([]);
  });

  it.each([
    ['no header', '00:00:01.000 --> 00:00:02.000\nhi\n', [{ code: 'missing-header', line: 1 }]],
    ['header glued to text', 'WEBVTTX\n', [{ code: 'missing-header', line: 1 }]],
    ['SubRip commas', 'WEBVTT\n\n00:00:01,000 --> 00:00:02,000\n', [{ code: 'malformed-timing', line: 3 }]],
    ['no spaces around the arrow', 'WEBVTT\n\n00:01.000-->00:02.000\n', [{ code: 'malformed-timing', line: 3 }]],
    ['61 seconds', 'WEBVTT\n\n00:00:61.000 --> 00:01:02.000\n', [{ code: 'malformed-timing', line: 3 }]],
    ['end before start', 'WEBVTT\n\n00:00:05.000 --> 00:00:02.000\n', [{ code: 'end-not-after-start', line: 3 }]],
    ['end equal to start', 'WEBVTT\n\n01:00.000 --> 00:01:00.000\n', [{ code: 'end-not-after-start', line: 3 }]],
    ['a script', 'WEBVTT\n\n00:01.000 --> 00:02.000\n<SCRIPT src=x>\n', [{ code: 'script', line: 4 }]],
    ['a NUL', 'WEBVTT\n\n00:01.000 --> 00:02.000\n茶\0\n', [{ code: 'nul', line: 4 }]],
  ])('reports %s', (_, text, problems) => {
    expect(validateVtt(text)).toEqual(problems);
  });
});

describe('normalizeSubtitleText', () => {
  it('strips a BOM and normalises line endings', () => {
    expect(normalizeSubtitleText('\uFEFFa\r\nb\rc\n')).toBe('a\nb\nc\n');
  });
});
