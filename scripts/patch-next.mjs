#!/usr/bin/env node
// Server-render the nearest not-found.tsx when a page calls notFound(), and the nearest
// error.tsx when a page throws.
//
// Next.js 16 answers such a request with the right status but an empty
// `<html id="__next_error__">` document whose content only appears after client
// JavaScript runs (vercel/next.js #62228, open; fixes proposed in #98455 and #98583).
// Duet's pages must be readable without JavaScript, its error pages too, so this script
// patches the pinned Next.js once after install: the error payload is built from the
// matched route with its page replaced by the nearest not-found (or error) component,
// inside the route's own layouts: the same tree the client would render. It is idempotent, and it fails loudly when
// the code it expects is not there (a Next.js upgrade must re-check it);
// tests/e2e/errors.spec.ts proves the outcome with JavaScript off.
//
// The server entry (src/server-entry/main.ts) refuses to start when a file this patch
// should have changed is unpatched (unpatchedFiles() below): without it, a page that calls
// notFound() would answer an empty document to a reader without JavaScript.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARK = '/*duet-not-found-ssr*/';
const require = createRequire(import.meta.url);

// The matched route with its page replaced by the nearest `kind` file (not-found or error).
const helper = `${MARK}function __duetFallbackTree(tree,kind){let fb=null;const walk=(node)=>{const [seg,routes,comps]=node;if(comps&&comps[kind])fb=comps[kind];const child=routes&&routes.children;if(child){const c=walk(child);return c?[seg,{...routes,children:c},comps,...node.slice(3)]:null}return comps&&comps.page&&fb?[seg,routes,{...comps,page:fb},...node.slice(3)]:null};return walk(tree)}`;

/** Patches one file's source; returns null when the file has no such code. */
function patch(source) {
  if (source.includes(MARK)) return source;
  // getRSCPayload(tree, ctx, options): the normal payload builder.
  const payload =
    /async function ([\w$]+)\(([\w$]+),\s*([\w$]+),\s*([\w$]+)\)\s*\{\s*var [\w$, ]+;\s*(?:let|const)\s*(?:[\w$]+(?:\s*,\s*[\w$]+)*\s*,\s*)?\{\s*is404\b/.exec(source);
  // getErrorRSCPayload(tree, ctx, ssrError, errorType, withHead): the empty error shell.
  const error =
    /(async function [\w$]+\(([\w$]+),\s*([\w$]+),\s*[\w$]+,\s*([\w$]+),\s*[\w$]+\)\s*\{)\s*var [\w$, ]+;\s*(?:let|const)\s*(?:[\w$]+\s*,\s*)?\{\s*getDynamicParamFromSegment\b/.exec(source);
  if (!payload || !error) return null;
  const [, decl, tree, ctx, errorType] = error;
  // not-found → the nearest not-found.tsx; a thrown error (no type) → the nearest error.tsx.
  const patched = `${helper}${decl}{const __k=${errorType}==="not-found"?"not-found":${errorType}===undefined?"error":null;const __t=__k&&__duetFallbackTree(${tree},__k);if(__t)return ${payload[1]}(__t,${ctx},{is404:__k==="not-found"})}`;
  return source.slice(0, error.index) + patched + source.slice(error.index + decl.length);
}

/** The Next.js files that build an error document (the ones this patch changes). */
export function patchTargets(nextDir = dirname(require.resolve('next/package.json'))) {
  return [
    join(nextDir, 'dist/server/app-render/app-render.js'),
    join(nextDir, 'dist/esm/server/app-render/app-render.js'),
    ...readdirSync(join(nextDir, 'dist/compiled/next-server'))
      .filter((f) => /^app-page.*\.runtime\.(prod|dev)\.js$/.test(f))
      .map((f) => join(nextDir, 'dist/compiled/next-server', f)),
  ].filter((file) => readFileSync(file, 'utf8').includes('__next_error__'));
}

/** Files of the installed Next.js that build an error document without the patch. */
export function unpatchedFiles(nextDir) {
  return patchTargets(nextDir).filter((file) => !readFileSync(file, 'utf8').includes(MARK));
}

function main() {
  let patchedCount = 0;
  const missed = [];
  for (const file of patchTargets()) {
    const source = readFileSync(file, 'utf8');
    const result = patch(source);
    if (result == null) missed.push(file);
    else {
      if (result !== source) writeFileSync(file, result);
      patchedCount++;
    }
  }
  if (missed.length) {
    console.error(`patch-next: the not-found SSR patch does not fit this Next.js build:\n  ${missed.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`patch-next: not-found pages are server-rendered (${patchedCount} Next.js files checked).`);
}

// Run as a script (npm's postinstall, scripts/start.mjs), not when imported (bundled into the server entry).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && basename(process.argv[1]) === 'patch-next.mjs') main();
