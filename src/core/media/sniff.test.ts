import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sniffMedia, type SniffResult } from './sniff';
import { makeEbml, makeFlacHeader, makeFtyp, makeMp3, makeOggPage, makeOpusHead, makeWav } from './test-media-files';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const ok = (kind: string, mime: string, ext: string) => expect.objectContaining({ ok: true, kind, mime, ext });
const refused = (reason: string): SniffResult => ({ ok: false, reason }) as SniffResult;

describe('sniffMedia: images made by sharp', () => {
  const images: Record<string, Buffer> = {};
  beforeAll(async () => {
    const base = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } });
    images.png = await base().png().toBuffer();
    images.jpeg = await base().jpeg().toBuffer();
    images.gif = await base().gif().toBuffer();
    images.webp = await base().webp().toBuffer();
    images.avif = await base().avif().toBuffer();
  });

  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
    ['avif', 'image/avif', 'avif'],
  ])('%s', (format, mime, ext) => {
    expect(sniffMedia(images[format]!)).toEqual(ok('image', mime, ext));
  });

  it('looks at no more than the first 4 KB', () => {
    const padded = Buffer.concat([images.png!, Buffer.alloc(10_000, 0x3c)]);
    expect(sniffMedia(padded)).toEqual(ok('image', 'image/png', 'png'));
  });
});

describe('sniffMedia: audio, video and subtitles', () => {
  it.each<[string, Buffer, ReturnType<typeof ok>]>([
    ['WAV', makeWav(0.01), ok('audio', 'audio/wav', 'wav')],
    ['MP3 with ID3', makeMp3(true), ok('audio', 'audio/mpeg', 'mp3')],
    ['MP3 frame sync', makeMp3(false), ok('audio', 'audio/mpeg', 'mp3')],
    ['FLAC', makeFlacHeader(44100), ok('audio', 'audio/flac', 'flac')],
    ['Ogg Opus', makeOggPage(makeOpusHead()), ok('audio', 'audio/ogg', 'opus')],
    ['Ogg Vorbis', makeOggPage(Buffer.concat([Buffer.from([1]), bytes('vorbis'), Buffer.alloc(23)])), ok('audio', 'audio/ogg', 'ogg')],
    ['M4A', makeFtyp('M4A ', ['M4A ', 'mp42', 'isom']), ok('audio', 'audio/mp4', 'm4a')],
    ['M4B', makeFtyp('M4B ', ['M4B ', 'mp42']), ok('audio', 'audio/mp4', 'm4a')],
    ['isom with an M4A brand', makeFtyp('isom', ['M4A ', 'isom']), ok('audio', 'audio/mp4', 'm4a')],
    ['MP4', makeFtyp('isom', ['isom', 'iso2', 'avc1', 'mp41']), ok('video', 'video/mp4', 'mp4')],
    ['MP4 (mp42)', makeFtyp('mp42', ['mp42', 'mp41']), ok('video', 'video/mp4', 'mp4')],
    ['MOV', makeFtyp('qt  ', ['qt  ']), ok('video', 'video/quicktime', 'mov')],
    ['AVIF by brand', makeFtyp('avif', ['mif1', 'avif']), ok('image', 'image/avif', 'avif')],
    ['AVIF sequence', makeFtyp('avis', ['avis', 'msf1']), ok('image', 'image/avif', 'avif')],
    ['WebM', makeEbml('webm'), ok('video', 'video/webm', 'webm')],
    ['Matroska', makeEbml('matroska'), ok('video', 'video/x-matroska', 'mkv')],
    ['WebVTT', bytes('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n你好\n'), ok('subtitle', 'text/vtt', 'vtt')],
    ['WebVTT with a BOM and a title', bytes('\uFEFFWEBVTT - 茶与时间\r\n\r\n'), ok('subtitle', 'text/vtt', 'vtt')],
    ['WebVTT alone', bytes('WEBVTT'), ok('subtitle', 'text/vtt', 'vtt')],
    ['SubRip', bytes('1\r\n00:00:01,000 --> 00:00:04,000\r\n一杯茶\r\n'), ok('subtitle', 'application/x-subrip', 'srt')],
    ['SubRip with a BOM', bytes('\uFEFF1\n00:00:01,000 --> 00:00:04,000\nTea\n'), ok('subtitle', 'application/x-subrip', 'srt')],
  ])('%s', (_, file, expected) => {
    expect(sniffMedia(file)).toEqual(expected);
  });

  it('offers audio for an MP4 whose brand does not tell', () => {
    expect(sniffMedia(makeFtyp('isom', ['isom']))).toMatchObject({ asAudio: { mime: 'audio/mp4', ext: 'm4a' } });
    expect(sniffMedia(makeFtyp('qt  '))).not.toHaveProperty('asAudio');
  });
});

describe('sniffMedia: refusals', () => {
  it.each<[string, Buffer, SniffResult]>([
    ['empty', Buffer.alloc(0), refused('empty')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), refused('svg')],
    ['SVG with a prolog', bytes('<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ""><svg/>'), refused('svg')],
    ['XML', bytes('<?xml version="1.0"?><feed/>'), refused('xml')],
    ['HTML doctype', bytes('<!DOCTYPE html><title>x</title>'), refused('html')],
    ['HTML tag after whitespace', bytes('\n\n   <HTML><body>hi'), refused('html')],
    ['script tag', bytes('hello <script>alert(1)</script>'), refused('html')],
    ['WebVTT with a script', bytes('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>x</script>\n'), refused('html')],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ\n'), refused('pdf')],
    ['ZIP (docx, xlsx, epub)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]), refused('archive')],
    ['empty ZIP', Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Buffer.alloc(18)]), refused('archive')],
    ['old Office', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), refused('archive')],
    ['gzip', Buffer.from([0x1f, 0x8b, 0x08, 0]), refused('archive')],
    ['ELF', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), refused('executable')],
    ['PE', Buffer.concat([bytes('MZ'), Buffer.alloc(62)]), refused('executable')],
    ['Mach-O 64', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), refused('executable')],
    ['Mach-O universal', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2]), refused('executable')],
    ['shebang', bytes('#!/bin/sh\nrm -rf /\n'), refused('script')],
    ['HEIC', makeFtyp('heic', ['mif1', 'heic']), refused('unsupported')],
    ['Ogg Theora', makeOggPage(Buffer.concat([Buffer.from([0x80]), bytes('theora'), Buffer.alloc(35)])), refused('unsupported')],
    ['UTF-16 text', Buffer.from('\uFEFFWEBVTT\n', 'utf16le'), refused('unsupported')],
    ['AAC in ADTS', Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), refused('unknown')],
    ['plain text', bytes('just some notes\n'), refused('unknown')],
    ['random bytes', Buffer.from([0x00, 0x13, 0x37, 0x42, 0x00, 0x99]), refused('unknown')],
    ['unknown ftyp brand', makeFtyp('xxxx'), refused('unknown')],
  ])('%s', (_, file, expected) => {
    expect(sniffMedia(file)).toEqual(expected);
  });
});

describe('sniffMedia: MP3 frame sync', () => {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  it('needs a second frame where the first ends', () => {
    const noise = Buffer.concat([frame, Buffer.alloc(4000, 0x11)]);
    expect(sniffMedia(noise)).toEqual(refused('unknown'));
  });
  it('refuses a lone frame (a UTF-16 byte-order mark looks like one)', () => {
    expect(sniffMedia(frame)).toEqual(refused('unknown'));
  });
});
