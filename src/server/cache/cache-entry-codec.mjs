// An entry Next hands a cache handler, as text and back: JSON, with the bytes (a page's
// RSC payload, a route's body) as base64 and the Map of a page's segments kept a Map.

const BYTES = '__duetBytes';
const MAP = '__duetMap';

/** @param {unknown} value */
export function encodeEntry(value) {
  return JSON.stringify(value, function replace(key, converted) {
    // `this[key]` is the value before its own toJSON (a Buffer's turns it into a number array).
    const raw = this[key];
    if (raw instanceof Uint8Array) return { [BYTES]: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
    if (raw instanceof Map) return { [MAP]: [...raw] };
    return converted;
  });
}

/** @param {string} text */
export function decodeEntry(text) {
  return JSON.parse(text, (key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value[BYTES] === 'string') return Buffer.from(value[BYTES], 'base64');
      if (Array.isArray(value[MAP])) return new Map(value[MAP]);
    }
    return value;
  });
}
