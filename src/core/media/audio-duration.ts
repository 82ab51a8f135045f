// Durations that can be read from the first bytes of a file without a decoder: WAV
// (byte rate and data size in the header) and FLAC (sample count in STREAMINFO).
// Compressed formats (MP3, AAC, Opus) would need the whole file walked, so they get null.

/** Seconds of audio, or null when the header does not say. `totalBytes` is the whole file's size. */
export function readAudioDuration(head: Uint8Array, ext: string, totalBytes: number): number | null {
  if (ext === 'wav') return readWavDuration(head, totalBytes);
  if (ext === 'flac') return readFlacDuration(head);
  return null;
}

function readWavDuration(head: Uint8Array, totalBytes: number): number | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= head.length; ) {
    const id = String.fromCharCode(...head.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= head.length) byteRate = view.getUint32(at + 16, true);
    if (id === 'data') {
      if (byteRate === 0) return null;
      // Streaming writers leave the size at 0 or 0xFFFFFFFF: then the data runs to the end.
      const available = totalBytes - (at + 8);
      const dataBytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return round(dataBytes / byteRate);
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function readFlacDuration(head: Uint8Array): number | null {
  // "fLaC", then the STREAMINFO block header (4 bytes) and body (34 bytes).
  if (head.length < 4 + 4 + 18 || (head[4]! & 0x7f) !== 0) return null;
  const info = head.subarray(8);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const samples = (info[13]! & 0x0f) * 2 ** 32 + ((info[14]! << 24) >>> 0) + (info[15]! << 16) + (info[16]! << 8) + info[17]!;
  if (sampleRate === 0 || samples === 0) return null;
  return round(samples / sampleRate);
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
