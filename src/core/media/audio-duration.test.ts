import { describe, expect, it } from 'vitest';
import { readAudioDuration } from './audio-duration';
import { makeFlacHeader, makeWav, makeWavHeader } from './test-media-files';

describe('readAudioDuration', () => {
  it('reads a WAV file from its header', () => {
    const wav = makeWav(1.5, 8000);
    expect(readAudioDuration(wav.subarray(0, 4096), 'wav', wav.length)).toBe(1.5);
  });

  it('uses the file size when a streaming writer left the data size open', () => {
    const header = makeWavHeader(0xffffffff, { sampleRate: 8000 });
    expect(readAudioDuration(header, 'wav', 44 + 16000 * 3)).toBe(3);
  });

  it('does not count more data than arrived', () => {
    const header = makeWavHeader(16000 * 10, { sampleRate: 8000 });
    expect(readAudioDuration(header, 'wav', 44 + 16000)).toBe(1);
  });

  it('reads FLAC from STREAMINFO', () => {
    expect(readAudioDuration(makeFlacHeader(44100 * 90 + 22050), 'flac', 1000)).toBe(90.5);
  });

  it('gives null for formats that would need a decoder', () => {
    expect(readAudioDuration(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 'mp3', 4)).toBeNull();
  });
});
