// The ICO container (what /favicon.ico is): a directory of images, each stored here as a
// whole PNG file, which every browser since Internet Explorer 9 reads. Pure: callers
// rasterize; this only arranges bytes.

export interface IcoImage {
  /** Width and height in pixels (square), 1 to 256. */
  size: number;
  png: Uint8Array;
}

const headerBytes = 6;
const entryBytes = 16;

export function encodeIco(images: IcoImage[]): Uint8Array<ArrayBuffer> {
  if (images.length === 0 || images.length > 0xffff) throw new RangeError('An icon holds 1 to 65535 images.');
  const total = headerBytes + images.length * entryBytes + images.reduce((sum, image) => sum + image.png.length, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // 1: icon (2 would be a cursor)
  view.setUint16(4, images.length, true);
  let offset = headerBytes + images.length * entryBytes;
  images.forEach((image, i) => {
    if (!Number.isInteger(image.size) || image.size < 1 || image.size > 256) throw new RangeError(`Icon size ${image.size} is not 1 to 256.`);
    const entry = headerBytes + i * entryBytes;
    view.setUint8(entry, image.size % 256); // 0 stands for 256
    view.setUint8(entry + 1, image.size % 256);
    view.setUint8(entry + 2, 0); // no palette
    view.setUint8(entry + 3, 0); // reserved
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, image.png.length, true);
    view.setUint32(entry + 12, offset, true);
    bytes.set(image.png, offset);
    offset += image.png.length;
  });
  return bytes;
}

/** The directory of an ICO file: each image's size and where its bytes are. Null when the bytes are no icon. */
export function readIcoDirectory(bytes: Uint8Array): Array<{ size: number; offset: number; length: number }> | null {
  if (bytes.length < headerBytes) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4, true);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1 || count === 0 || bytes.length < headerBytes + count * entryBytes) return null;
  const entries = [];
  for (let i = 0; i < count; i++) {
    const entry = headerBytes + i * entryBytes;
    const length = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    if (offset + length > bytes.length) return null;
    entries.push({ size: view.getUint8(entry) || 256, offset, length });
  }
  return entries;
}
