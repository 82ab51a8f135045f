// Types of bench/lib.mjs for the TypeScript benchmarks (bench/*.ts are type-checked with the rest).
import type { ChildProcess } from 'node:child_process';

export const root: string;
export function build(distDir: string, extraEnv?: Record<string, string>): void;
export function cleanUp(distDirs: string[]): void;
export function serve(distDir: string, port: number, extraEnv?: Record<string, string>, options?: { hooks?: boolean }): Promise<ChildProcess>;
export function stop(child: ChildProcess): Promise<void>;
export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}
export function load(url: string, options?: { connections?: number; seconds?: number; headers?: Record<string, string> }): Promise<Load>;
export function table(rows: Array<[string, Load]>): void;
