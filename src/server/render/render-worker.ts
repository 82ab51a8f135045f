// The render worker: a process that turns Markdown into what readers see (render-document),
// cuts the display font down to the characters a page shows (subset-display-font), and
// makes a text's copy for pasting into another editor (core/copy-elsewhere), and cuts a
// text into its Markdown blocks for the translation memory's rebuild.
// The pool (render-pool.ts) gives it one job at a time and kills it when a job runs past
// its time budget, so a text crafted to be slow costs this process, never the server's.
import { copyForPaste, type CopyOptions } from '@/core/copy-elsewhere/copy-html';
import { renderDocument, type RenderDocumentInput } from '@/core/markdown/render-document';
import { markdownBlocks } from '@/core/translation/segments';
import { subsetFontFile } from '@/server/fonts/subset-font-file';

export type WorkerTask =
  | { kind: 'render'; input: RenderDocumentInput }
  | { kind: 'subset-font'; file: string; codePoints: number[] }
  | { kind: 'copy-for-paste'; html: string; options: CopyOptions }
  | { kind: 'markdown-blocks'; markdown: string };

/** What the pool sends: a job, or a request for this process's memory and CPU time. */
export type WorkerMessage = { id: number; task: WorkerTask } | { usage: true };

/** A worker's answer to `{ usage: true }`. */
export interface WorkerUsage {
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
}

const send = process.send?.bind(process);
if (!send) throw new Error('render-worker.ts runs as a child process of the render pool only (child_process.fork).');
// The server is gone (ended, crashed or killed): so is its formatter. A terminal's Ctrl-C
// or a service manager's stop reaches the whole process group; the server decides when to
// stop (after what is in flight, a render included), and this process ends with it.
process.on('disconnect', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);

function run(task: WorkerTask): Promise<unknown> {
  switch (task.kind) {
    case 'render':
      return renderDocument(task.input);
    case 'subset-font':
      return subsetFontFile(task.file, task.codePoints);
    case 'copy-for-paste':
      return Promise.resolve().then(() => copyForPaste(task.html, task.options));
    case 'markdown-blocks':
      return Promise.resolve().then(() => markdownBlocks(task.markdown));
  }
}

process.on('message', (message: WorkerMessage) => {
  if ('usage' in message) {
    send({ usage: { memory: process.memoryUsage(), cpu: process.cpuUsage() } satisfies WorkerUsage });
    return;
  }
  const { id, task } = message;
  run(task).then(
    (result) => send({ id, result }),
    (error: unknown) => send({ id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
});
// Load the highlighter and the parser before the first real job, whose budget should
// pay for its text and not for this start-up.
void renderDocument({ markdown: '# a\n\n```ts\nconst a = 1;\n```\n', locale: 'en' })
  .catch(() => undefined)
  .then(() => send({ ready: true }));
