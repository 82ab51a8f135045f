// The S3-compatible server the S3 media suite runs against: OpenStack Swift with its s3api
// middleware (scripts/s3-test-server.sh), started for the suite on free loopback ports
// with a throwaway storage folder and stopped after it. Mandatory in CI (CI=true): a
// machine without Swift fails the suite. Elsewhere the suite is skipped, loudly.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { S3Config } from '@/server/media/s3-config';
import { createS3Client } from '@/server/media/s3-media-store';

const script = join(process.cwd(), 'scripts', 's3-test-server.sh');

function hasSwift(): boolean {
  return spawnSync('sh', ['-c', 'command -v swift-proxy-server && command -v swift-object-server && command -v swift-ring-builder'], { stdio: 'ignore' }).status === 0;
}

export const swiftAvailable = hasSwift();
const isCi = process.env.CI === 'true';
if (!swiftAvailable && !isCi) {
  console.warn('\n!! S3 media suite SKIPPED: OpenStack Swift is not installed (apt-get install swift swift-proxy swift-object swift-container swift-account). CI runs it.\n');
}

/** Whether the S3 suite is skipped: never in CI, where a missing Swift fails it instead. */
export const skipS3Suite = !swiftAvailable && !isCi;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port with its next three free as well (Swift's account, container and object servers). */
async function findPorts(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const all = await Promise.all([0, 1, 2, 3].map((i) => isFree(port + i)));
    if (all.every(Boolean)) return port;
  }
  throw new Error('No four free loopback ports in a row for Swift.');
}

export interface S3TestServer {
  config: S3Config;
  stop(): void;
}

/** Starts Swift and makes `bucket` on it. */
export async function startS3TestServer(bucket: string): Promise<S3TestServer> {
  if (!swiftAvailable) throw new Error('CI: OpenStack Swift is required for the S3 media suite (apt-get install swift swift-proxy swift-object swift-container swift-account).');
  const dir = mkdtempSync(join(tmpdir(), 'duet-swift-'));
  const port = await findPorts();
  const stop = () => {
    spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync('bash', [script, 'start', dir, String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    stop();
    throw new Error(`Swift did not start: ${String((error as { stderr?: Buffer }).stderr ?? error)}`);
  }
  process.once('exit', stop);
  const config: S3Config = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    forcePathStyle: true,
  };
  // Swift creates the account on this first request; a back end still settling answers 503.
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await createS3Client(config).send(new CreateBucketCommand({ Bucket: bucket }));
        break;
      } catch (error) {
        if (attempt >= 10 || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 503) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { config, stop };
}
