// Loaded into the server by bench/export-readers.mjs (NODE_OPTIONS=--import): watches this
// process's event loop with perf_hooks and, on SIGUSR2, writes the delays seen since the
// previous signal (longest, 99th percentile, mean, in ms) to EVENT_LOOP_PROBE_DIR/<pid>.json,
// then starts counting again. Nothing is added to the server's own code.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.EVENT_LOOP_PROBE_DIR;
if (dir) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const reading = { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean), samples: histogram.count };
    histogram.reset();
    writeFileSync(`${dir}/${process.pid}.json`, JSON.stringify(reading));
  });
}
