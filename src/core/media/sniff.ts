// Decides what an uploaded file is from its first bytes, never from its name or the
// type the browser claimed. Only formats Duet can show or play are recognised; a file
// a browser could run as a page or a program (SVG, HTML, executables, archives) is
// refused by name so the Studio can say why, and anything else is refused as unknown.
import type { MediaKind } from '@/core/content/types';

/** How many leading bytes `sniffMedia` looks at; callers should pass at least this many when the file has them. */
export const SNIFF_BYTES = 4096;

export interface SniffedType {
  kind: MediaKind;
  mime: string;
  /** The extension the stored file gets, without the dot. */
  ext: string;
  /**
   * Set when the container can hold either sound or picture and only the brand was read
   * (a generic MP4): the kind and type to use when the uploader said it is audio.
   */
  asAudio?: { mime: string; ext: string };
}

export type SniffRefusalReason =
  | 'empty'
  | 'svg'
  | 'html'
  | 'xml'
  | 'pdf'
  | 'archive'
  | 'executable'
  | 'script'
  | 'unsupported'
  | 'unknown';

export type SniffResult = ({ ok: true } & SniffedType) | { ok: false; reason: SniffRefusalReason };

/** How far into a text file markup that makes it a web page is looked for. */
const MARKUP_WINDOW = 1024;

export function sniffMedia(head: Uint8Array): SniffResult {
  const bytes = head.subarray(0, SNIFF_BYTES);
  if (bytes.length === 0) return refuse('empty');
  return sniffBinary(bytes) ?? sniffRefusedBinary(bytes) ?? sniffText(bytes);
}

function accept(kind: MediaKind, mime: string, ext: string, asAudio?: SniffedType['asAudio']): SniffResult {
  return asAudio ? { ok: true, kind, mime, ext, asAudio } : { ok: true, kind, mime, ext };
}

function refuse(reason: SniffRefusalReason): SniffResult {
  return { ok: false, reason };
}

function startsWith(bytes: Uint8Array, signature: readonly number[] | string, offset = 0): boolean {
  const expected = typeof signature === 'string' ? [...signature].map((c) => c.charCodeAt(0)) : signature;
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, i) => bytes[offset + i] === value);
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function sniffBinary(bytes: Uint8Array): SniffResult | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return accept('image', 'image/jpeg', 'jpg');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return accept('image', 'image/png', 'png');
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return accept('image', 'image/gif', 'gif');
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return accept('image', 'image/webp', 'webp');
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return accept('audio', 'audio/wav', 'wav');
  if (startsWith(bytes, 'ftyp', 4)) return sniffIsoMedia(bytes);
  if (startsWith(bytes, 'fLaC')) return accept('audio', 'audio/flac', 'flac');
  if (startsWith(bytes, 'OggS')) return sniffOgg(bytes);
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return sniffMatroska(bytes);
  if (startsWith(bytes, 'ID3') && bytes.length >= 10 && bytes[3]! < 0xff && bytes[4]! < 0xff) {
    return accept('audio', 'audio/mpeg', 'mp3');
  }
  if (isMpegAudioFrame(bytes)) return accept('audio', 'audio/mpeg', 'mp3');
  return null;
}

/** ISO base media (MP4, MOV, M4A, AVIF): the `ftyp` box names the major and compatible brands. */
function sniffIsoMedia(bytes: Uint8Array): SniffResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxSize = bytes.length >= 4 ? view.getUint32(0) : 0;
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
  if (bytes.length < 12) return refuse('unknown');
  const major = ascii(bytes, 8, 4);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(ascii(bytes, at, 4));
  const brands = [major, ...compatible];

  if (brands.includes('avif') || brands.includes('avis')) return accept('image', 'image/avif', 'avif');
  // HEIC and other still-image brands: browsers cannot show them.
  if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(major)) return refuse('unsupported');
  if (['M4A ', 'M4B ', 'M4P '].includes(major)) return accept('audio', 'audio/mp4', 'm4a');
  if (major === 'qt  ') return accept('video', 'video/quicktime', 'mov');
  const generic = ['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP', 'f4v '];
  if (generic.includes(major)) {
    const isAudioBrand = compatible.some((b) => b === 'M4A ' || b === 'M4B ') && !compatible.includes('M4V ');
    if (isAudioBrand) return accept('audio', 'audio/mp4', 'm4a');
    return accept('video', 'video/mp4', 'mp4', { mime: 'audio/mp4', ext: 'm4a' });
  }
  return refuse('unknown');
}

/** An Ogg stream's first packet names its codec; Theora video is not played by browsers. */
function sniffOgg(bytes: Uint8Array): SniffResult {
  // The first page header is 27 bytes plus one lacing value per segment.
  const segments = bytes[26] ?? 0;
  const packet = 27 + segments;
  if (startsWith(bytes, 'OpusHead', packet)) return accept('audio', 'audio/ogg', 'opus');
  if (startsWith(bytes, [0x80, ...'theora'.split('').map((c) => c.charCodeAt(0))], packet)) return refuse('unsupported');
  return accept('audio', 'audio/ogg', 'ogg');
}

/** EBML: the DocType element (0x4282) tells WebM from other Matroska files. */
function sniffMatroska(bytes: Uint8Array): SniffResult {
  const window = bytes.subarray(0, 64);
  for (let i = 4; i + 3 < window.length; i++) {
    if (window[i] !== 0x42 || window[i + 1] !== 0x82) continue;
    const sizeByte = window[i + 2]!;
    // A one-byte EBML size (1xxxxxxx) is what every muxer writes for the short DocType.
    if ((sizeByte & 0x80) === 0) break;
    const docType = ascii(window, i + 3, sizeByte & 0x7f);
    if (docType === 'webm') return accept('video', 'video/webm', 'webm');
    if (docType === 'matroska') return accept('video', 'video/x-matroska', 'mkv');
    return refuse('unknown');
  }
  return accept('video', 'video/webm', 'webm');
}

const mpegBitrates = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const mpegSampleRates: Record<number, number[]> = { 0b11: [44100, 48000, 32000], 0b10: [22050, 24000, 16000], 0b00: [11025, 12000, 8000] };

/** The length of the MPEG audio frame (layer I–III) whose header starts at `at`, or 0 when none does. */
function mpegFrameLength(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return 0;
  const version = (bytes[at + 1]! >> 3) & 0b11;
  const layer = (bytes[at + 1]! >> 1) & 0b11;
  const bitrateIndex = (bytes[at + 2]! >> 4) & 0b1111;
  const rateIndex = (bytes[at + 2]! >> 2) & 0b11;
  const padding = (bytes[at + 2]! >> 1) & 1;
  // version 01 is reserved, layer 00 is AAC's ADTS, bitrate 0 ("free") and 1111 and rate 11 are unusable.
  if (version === 0b01 || layer === 0b00 || bitrateIndex === 0 || bitrateIndex === 0b1111 || rateIndex === 0b11) return 0;
  const layerNumber = 4 - layer; // 11 → I, 10 → II, 01 → III
  const bitrate = mpegBitrates[version === 0b11 ? 'v1' : 'v2'][layerNumber - 1]![bitrateIndex]! * 1000;
  const sampleRate = mpegSampleRates[version]![rateIndex]!;
  if (layerNumber === 1) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const perSample = layerNumber === 3 && version !== 0b11 ? 72 : 144;
  return Math.floor((perSample * bitrate) / sampleRate) + padding;
}

/**
 * MP3 without an ID3 tag: a valid frame header, and another where it ends. Two bytes of
 * sync are common in other data (a UTF-16 byte-order mark is one), two frames are not.
 * (A file of a single frame, 26 ms of sound, is refused.)
 */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const length = mpegFrameLength(bytes, 0);
  // Every frame is shorter than SNIFF_BYTES, so a real MP3 always shows its second header.
  return length > 0 && mpegFrameLength(bytes, length) > 0;
}

function sniffRefusedBinary(bytes: Uint8Array): SniffResult | null {
  if (startsWith(bytes, '%PDF-')) return refuse('pdf');
  if (startsWith(bytes, 'PK') && [0x03, 0x05, 0x07].includes(bytes[2] ?? 0)) return refuse('archive');
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return refuse('archive');
  if (startsWith(bytes, [0x1f, 0x8b]) || startsWith(bytes, 'Rar!') || startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) {
    return refuse('archive');
  }
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return refuse('executable');
  if (startsWith(bytes, 'MZ')) return refuse('executable');
  const machO = [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ];
  if (machO.some((magic) => startsWith(bytes, magic))) return refuse('executable');
  if (startsWith(bytes, '#!')) return refuse('script');
  return null;
}

function sniffText(bytes: Uint8Array): SniffResult {
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes;
  if (bytes.includes(0)) return refuse(startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) ? 'unsupported' : 'unknown');
  // Latin-1 keeps one character per byte, so markup is found whatever the encoding.
  const start = String.fromCharCode(...body.subarray(0, MARKUP_WINDOW)).toLowerCase();
  if (start.includes('<svg')) return refuse('svg');
  if (start.includes('<html') || start.includes('<!doctype') || start.includes('<script') || start.includes('<iframe')) {
    return refuse('html');
  }
  if (start.trimStart().startsWith('<?xml')) return refuse('xml');

  const text = new TextDecoder('utf-8').decode(body);
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(text)) return accept('subtitle', 'text/vtt', 'vtt');
  if (/^\s*\d+[ \t]*\r?\n[ \t]*\d+:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*\d+:\d{2}:\d{2}[,.]\d{1,3}/.test(text)) {
    return accept('subtitle', 'application/x-subrip', 'srt');
  }
  return refuse('unknown');
}
