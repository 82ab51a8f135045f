// One way to read an upload's bytes, whether it arrives as a web ReadableStream (a route
// handler's request.body) or a Node Readable (the CLI, tests). Leaving the loop early
// cancels the source, so an upload refused half-way stops being read.
import type { Readable } from 'node:stream';

export type UploadStream = ReadableStream<Uint8Array> | Readable;

export async function* readUploadChunks(stream: UploadStream): AsyncGenerator<Uint8Array, void, undefined> {
  if (isWebStream(stream)) {
    const reader = stream.getReader();
    let isDone = false;
    try {
      while (true) {
        const { done, value } = await reader.read();
        if (done) {
          isDone = true;
          return;
        }
        if (value.length > 0) yield value;
      }
    } catch (error) {
      isDone = true;
      throw error;
    } finally {
      if (!isDone) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  }
  // Breaking out of for-await destroys the Readable.
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (bytes.length > 0) yield bytes;
  }
}

function isWebStream(stream: UploadStream): stream is ReadableStream<Uint8Array> {
  return typeof (stream as ReadableStream<Uint8Array>).getReader === 'function';
}
