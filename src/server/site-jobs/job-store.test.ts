import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jobDir, listJobs, newJobId, pruneJobs, readJob, writeJob } from './job-store';
import type { SiteJob } from './site-job';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'duet-jobs-'));
  dirs.push(dir);
  return dir;
}

function job(fields: Partial<SiteJob> = {}, at = Date.now()): SiteJob {
  const when = new Date(at).toISOString();
  return { id: newJobId(at), kind: 'export', state: 'done', createdAt: when, updatedAt: when, finishedAt: when, createdBy: 'u1', source: null, previewOf: null, importedAs: null, progress: null, failure: null, output: null, ...fields };
}

describe('the site job store', () => {
  it('reads back what it wrote, and nothing for an id that is not one', async () => {
    const dir = dataDir();
    const written = job({ kind: 'backup', output: { name: 'duet-backup.zip', bytes: 10 } });
    await writeJob(dir, written);
    expect(await readJob(dir, written.id)).toEqual(written);
    expect(await readJob(dir, '../../etc')).toBeNull();
    expect(() => jobDir(dir, '../x')).toThrow();
  });

  it('tells a running job the server stopped during from one still reporting', async () => {
    const dir = dataDir();
    const fresh = job({ state: 'running', finishedAt: null });
    const stopped = job({ state: 'running', finishedAt: null, updatedAt: new Date(Date.now() - 120_000).toISOString() });
    await writeJob(dir, fresh);
    await writeJob(dir, stopped);
    expect((await readJob(dir, fresh.id))!.state).toBe('running');
    expect(await readJob(dir, stopped.id)).toMatchObject({ state: 'failed', failure: 'The server stopped while this ran.' });
  });

  it('keeps the newest dozen jobs, and never a running one or the preview it imports', async () => {
    const dir = dataDir();
    const start = Date.now() - 1_000_000;
    const preview = job({ kind: 'import-preview' }, start);
    const importing = job({ kind: 'import', state: 'running', finishedAt: null, previewOf: preview.id }, start + 1);
    await writeJob(dir, preview);
    await writeJob(dir, { ...importing, updatedAt: new Date().toISOString() });
    const later = Array.from({ length: 14 }, (_, i) => job({}, start + 10 + i));
    for (const j of later) await writeJob(dir, j);
    await pruneJobs(dir);
    const kept = (await listJobs(dir)).map((j) => j.id);
    expect(kept).toContain(preview.id);
    expect(kept).toContain(importing.id);
    expect(kept).toContain(later.at(-1)!.id);
    expect(existsSync(jobDir(dir, later[0]!.id))).toBe(false);
    expect(kept).toHaveLength(14);
  });
});
