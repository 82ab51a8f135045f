// The stage of the fediverse spec: a Duet instance of its own from the suite's production
// build, whose site address is an https front on loopback (Debian's nginx running
// deploy/nginx.conf with a throwaway certificate), and the test fediverse client
// (tests/fediverse/client-server.ts) in a process of its own that trusts that certificate
// through NODE_EXTRA_CA_CERTS. Fedify resolves `acct:` handles over https only, so the
// site cannot be plain http here; Duet reaches the client over plain http on loopback
// because DUET_FEDERATION_ALLOW_PRIVATE=1 lets it (tests only).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { codeProtectionFlag } from '../../../src/server/deployment/code-protection';
import { startTestClient, stopGroup, type TestClient } from '../../fediverse/test-client';
import { testPorts } from '../../ports';
import { testVariantCache } from '../../variant-cache-folder';
import { startNginx, type RunningNginx } from './nginx';
import { makeTestCertificate, type TestCertificate } from './test-certificate';

const root = new URL('../../..', import.meta.url).pathname;
export const fediverseOwner = { email: 'owner@fediverse.test', password: 'fediverse passphrase 1', name: 'Olivia Owner' };

export interface FediverseStage {
  /** The https front: the site's address (SITE_URL), `https://localhost:<port>`. */
  siteUrl: string;
  host: string;
  client: TestClient;
  /** The instance's log (JSON lines), for a failure's explanation. */
  duetLog: string;
  stop(): Promise<void>;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number, alive: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (alive.exitCode !== null) throw new Error(`the process stopped (code ${alive.exitCode}) before ${what}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function startDuet(port: number, siteUrl: string, dataDir: string, certificate: TestCertificate, log: string): ChildProcess {
  return spawn(process.execPath, [codeProtectionFlag, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: siteUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      TRUST_PROXY: 'loopback',
      NODE_EXTRA_CA_CERTS: certificate.caFile,
      DUET_FEDERATION_ALLOW_PRIVATE: '1',
      // A delivery that fails is tried again after 1 s, not a site's 60 s.
      DUET_FEDERATION_RETRY_MS: '1000',
      DUET_SCHEDULER_INTERVAL_MS: '1000',
      DUET_TEST_VARIANT_CACHE: testVariantCache,
      DUET_TEST_SCRYPT_LOG_N: '14',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    detached: true,
  });
}

function createOwner(dataDir: string): void {
  const created = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/cli/duet.ts', 'create-user', fediverseOwner.email, 'owner', fediverseOwner.name], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DUET_PASSWORD: fediverseOwner.password, DUET_TEST_SCRYPT_LOG_N: '14' },
    encoding: 'utf8',
  });
  if (created.status !== 0) throw new Error(`create-user failed: ${created.stderr}`);
}

export async function startFediverseStage(): Promise<FediverseStage> {
  const ports = testPorts.fediverse;
  const certificate = makeTestCertificate();
  const siteUrl = `https://localhost:${ports.front}`;
  const duetLog = join(tmpdir(), `duet-fediverse-${ports.duet}.log`);
  rmSync(duetLog, { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'duet-fediverse-data-'));
  const duet = startDuet(ports.duet, siteUrl, dataDir, certificate, duetLog);
  let nginx: RunningNginx | undefined;
  let client: TestClient | undefined;
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${ports.duet}/api/health`)).ok, 'the fediverse instance', 180_000, duet);
    createOwner(dataDir);
    nginx = await startNginx(new URL(`http://127.0.0.1:${ports.duet}`), ports.front, { certFile: certificate.certFile, keyFile: certificate.keyFile, ca: certificate.ca });
    client = await startTestClient(ports.client, 'reader', certificate.caFile);
  } catch (error) {
    client?.stop();
    await nginx?.stop();
    stopGroup(duet);
    certificate.remove();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- the instance's log ---\n${readFileSync(duetLog, 'utf8').slice(-4000)}`);
  }
  return {
    siteUrl,
    host: `localhost:${ports.front}`,
    client,
    duetLog,
    async stop() {
      client?.stop();
      await nginx?.stop();
      stopGroup(duet);
      certificate.remove();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
