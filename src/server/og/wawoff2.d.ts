// Types for wawoff2 (WOFF2 ⇄ TTF in WebAssembly), which ships none. Both functions
// return a view into the WebAssembly heap: copy it before keeping it.
declare module 'wawoff2' {
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  export function compress(ttf: Uint8Array): Promise<Uint8Array>;
  const wawoff2: { decompress: typeof decompress; compress: typeof compress };
  export default wawoff2;
}
