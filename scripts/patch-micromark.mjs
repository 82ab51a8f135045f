#!/usr/bin/env node
// Make micromark's text resolver linear. `resolveAllText` (micromark 4.0.3, the latest)
// merges adjacent `data` events by calling `events.splice` once per run, inside a loop
// over all events: each splice moves the rest of the array, so a paragraph with many
// runs (a line of `![a`, `[^a]`, or any text full of backslash escapes) costs the square
// of its length. 200 KB of `![a` took 19 s, nearly all of it in that loop. This rewrites
// the loop as one in-place pass that keeps the same events in the same order.
//
// Run on install and before every build (Next bundles micromark into the render worker).
// Idempotent; refuses to touch code it does not recognise, so a micromark upgrade that
// changes the function fails loudly instead of silently losing the fix.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARK = '/*duet-linear-resolve-all-text*/';
const root = new URL('../node_modules/', import.meta.url).pathname;

/** Every installed copy of micromark (npm may nest one under a dependent package). */
function findCopies(dir, depth = 0) {
  const found = [];
  // lib/ is what Node loads; dev/lib/ is what tools with the "development" condition load (Vitest).
  for (const variant of ['lib', 'dev/lib']) {
    const here = join(dir, 'micromark', variant, 'initialize', 'text.js');
    if (existsSync(here)) found.push(here);
  }
  if (depth > 3) return found;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const nested = name.startsWith('@') ? readdirSync(join(dir, name)).map((n) => join(dir, name, n)) : [join(dir, name)];
    for (const pkg of nested) if (existsSync(join(pkg, 'node_modules'))) found.push(...findCopies(join(pkg, 'node_modules'), depth + 1));
  }
  return found;
}

// The loop as micromark 4.0.3 ships it (lib/ and dev/lib/ differ only in semicolons and
// `types.data` for "data"); compared with whitespace and semicolons removed.
const original = `let index = -1
    /** @type {number | undefined} */
    let enter
    // A rather boring computation (to merge adjacent \`data\` events) which
    // improves mm performance by 29%.
    while (++index <= events.length) {
      if (enter === undefined) {
        if (events[index] && events[index][1].type === "data") {
          enter = index
          index++
        }
      } else if (!events[index] || events[index][1].type !== "data") {
        // Don’t do anything if there is one data token.
        if (index !== enter + 2) {
          events[enter][1].end = events[index - 1][1].end
          events.splice(enter + 2, index - enter - 2)
          index = enter + 2
        }
        enter = undefined
      }
    }`;

const linear = `${MARK}
    // Merge each run of adjacent \`data\` events into its first token, compacting the
    // array in one pass (the upstream loop spliced once per run: quadratic).
    let write = 0;
    let index = 0;
    while (index < events.length) {
      if (events[index][1].type === "data") {
        let end = index + 1;
        while (end < events.length && events[end][1].type === "data") end++;
        if (end !== index + 2) events[index][1].end = events[end - 1][1].end;
        events[write++] = events[index];
        events[write++] = events[index + 1];
        index = end;
      } else {
        events[write++] = events[index++];
      }
    }
    events.length = write;
    `;

const normalise = (code) => code.replace(/types\.data/g, '"data"').replace(/[\s;]+/g, '');
const head = 'function resolveAllText(events, context) {';
const tail = 'return extraResolver ?';

/** The patched source, the same source when already patched, or null when unrecognised. */
function patch(source) {
  if (source.includes(MARK)) return source;
  const from = source.indexOf(head);
  const to = from === -1 ? -1 : source.indexOf(tail, from);
  if (to === -1) return null;
  const body = source.slice(from + head.length, to);
  if (normalise(body) !== normalise(original)) return null;
  return `${source.slice(0, from + head.length)}\n    ${linear}${source.slice(to)}`;
}

const files = findCopies(root);
if (files.length === 0) {
  console.error('patch-micromark: micromark is not installed under node_modules.');
  process.exit(1);
}
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  const patched = patch(source);
  if (patched === null) {
    console.error(`patch-micromark: ${file} does not hold the code this patch expects (micromark upgraded?). Re-check the patch.`);
    process.exit(1);
  }
  if (patched !== source) writeFileSync(file, patched);
}
console.log(`patch-micromark: the text resolver is linear (${files.length} ${files.length === 1 ? 'copy' : 'copies'} checked).`);
