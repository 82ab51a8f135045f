import { describe, expect, it } from 'vitest';
import { exportProgressOf } from './job-progress';

describe('the export progress the Studio shows', () => {
  it('reads the counts out of the export command sentences', () => {
    expect(exportProgressOf('media files: 100/250')).toEqual({ type: 'progress', phase: 'media', done: 100, total: 250 });
    expect(exportProgressOf('Markdown files: 40/1000 posts')).toEqual({ type: 'progress', phase: 'markdown', done: 40, total: 1000 });
    expect(exportProgressOf('duet.json: 1000/1000 posts')).toEqual({ type: 'progress', phase: 'json', done: 1000, total: 1000 });
    expect(exportProgressOf('exporting 3 posts and 2 media files')).toBeNull();
  });
});
