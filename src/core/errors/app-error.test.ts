import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error';

describe('AppError', () => {
  it('is recognised across copies of the class (Next bundles a module once per route)', async () => {
    // A second evaluation of the module stands for another route's copy.
    vi.resetModules();
    const other = await import('./app-error');
    expect(other.AppError).not.toBe(AppError);
    const error = new other.AppError('VALIDATION', 'From another copy.', { reason: 'render-timeout' });
    expect(error instanceof AppError).toBe(true);
    expect(new AppError('NOT_FOUND', 'x') instanceof other.AppError).toBe(true);
    expect(new Error('plain') instanceof AppError).toBe(false);
  });

  it('keeps the ordinary check for subclasses', () => {
    class Special extends AppError {}
    expect(new Special('CONFLICT', 'x') instanceof Special).toBe(true);
    expect(new AppError('CONFLICT', 'x') instanceof Special).toBe(false);
  });
});
