// Minimal but real file headers for the media tests (sniffing, durations, uploads):
// each follows its format's specification closely enough for a real parser to accept it.
// Images are not here: tests make real ones with sharp.

const text = (s: string) => Buffer.from(s, 'latin1');

/** A PCM WAV file header (RIFF/WAVE, fmt, data) for `dataBytes` of samples. */
export function makeWavHeader(dataBytes: number, options: { sampleRate?: number; channels?: number; bits?: number } = {}): Buffer {
  const { sampleRate = 8000, channels = 1, bits = 16 } = options;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(Math.min(36 + dataBytes, 0xffffffff), 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  header.writeUInt16LE((channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A whole WAV file of a 440 Hz tone. */
export function makeWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  return Buffer.concat([makeWavHeader(data.length, { sampleRate }), data]);
}

/** An ISO-BMFF `ftyp` box (MP4, M4A, MOV, AVIF, HEIC) followed by an empty `mdat`. */
export function makeFtyp(major: string, compatible: string[] = []): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  box.writeUInt32BE(0x200, 12);
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  const mdat = Buffer.from([0, 0, 0, 8, ...text('mdat')]);
  return Buffer.concat([box, mdat]);
}

/** The first Ogg page, carrying one packet (OpusHead, \x01vorbis, \x80theora…). */
export function makeOggPage(packet: Buffer): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = 0x02; // beginning of stream
  header.writeUInt32LE(1, 14); // serial number
  header[26] = 1; // one segment
  return Buffer.concat([header, Buffer.from([packet.length]), packet]);
}

export function makeOpusHead(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 2;
  head.writeUInt16LE(312, 10);
  head.writeUInt32LE(48000, 12);
  return head;
}

/** An EBML header with the given DocType, then the start of a Segment. */
export function makeEbml(docType: string): Buffer {
  const doc = text(docType);
  const body = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0x82, 0x80 | doc.length]),
    doc,
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
    Buffer.from([0x42, 0x85, 0x81, 0x02]), // DocTypeReadVersion 2
  ]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff])]);
}

/** "fLaC" and a STREAMINFO block: `samples` samples at `sampleRate`, mono, 16 bits. */
export function makeFlacHeader(samples: number, sampleRate = 44100): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  // 20 bits rate, 3 bits channels-1, 5 bits bits-1, 36 bits total samples.
  const packed = (BigInt(sampleRate) << 44n) | (0n << 41n) | (15n << 36n) | BigInt(samples);
  info.writeBigUInt64BE(packed, 10);
  return Buffer.concat([text('fLaC'), Buffer.from([0x80, 0, 0, 34]), info]);
}

/** Two MPEG-1 layer III frames (128 kb/s, 44.1 kHz: 417 bytes each), after an ID3v2.4 tag header if asked. */
export function makeMp3(withId3: boolean): Buffer {
  const oneFrame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
  const frame = Buffer.concat([oneFrame, oneFrame]);
  if (!withId3) return frame;
  return Buffer.concat([Buffer.from([...text('ID3'), 4, 0, 0, 0, 0, 0, 0]), frame]);
}
