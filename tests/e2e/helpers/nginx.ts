// Runs Debian's nginx with deploy/nginx.conf, as shipped, in front of the suite's server:
// only the marked lines change (the cache's folder, the upstream, the listen address, the
// access log, and TLS with a test certificate when asked), in a temporary prefix of its
// own. Never the machine's nginx service.
import { spawn, type ChildProcess } from 'node:child_process';
import https from 'node:https';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? null;

export interface RunningNginx {
  url: string;
  /** The access log deploy/nginx.conf writes, in the run's own folder. */
  accessLog: string;
  stop(): Promise<void>;
}

/** A certificate for localhost (helpers/test-certificate.ts): nginx then answers https only. */
export interface NginxTls {
  certFile: string;
  keyFile: string;
  /** The authority that signed it, so this process can ask the front whether it is up. */
  ca: string;
}

/** Whether anything answers /api/health at `url` (any status): over https, trusting `ca`. */
function isAnswering(url: string, ca: string | undefined): Promise<boolean> {
  if (!ca) return fetch(`${url}/api/health`).then(() => true, () => false);
  return new Promise((resolve) => {
    https.get(`${url}/api/health`, { ca }, (answer) => {
      answer.resume();
      resolve(true);
    }).on('error', () => resolve(false));
  });
}

export async function startNginx(upstream: URL, port: number, tls?: NginxTls): Promise<RunningNginx> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = mkdtempSync(join(tmpdir(), 'duet-nginx-'));
  for (const dir of ['cache', 'temp']) mkdirSync(join(prefix, dir));
  // Debian's nginx workers run as nobody when the master is root: they must reach the cache.
  chmodSync(prefix, 0o755);
  for (const dir of ['cache', 'temp']) chmodSync(join(prefix, dir), 0o777);
  const site = readFileSync(join(process.cwd(), 'deploy/nginx.conf'), 'utf8')
    .replace('/var/cache/nginx/duet', join(prefix, 'cache'))
    .replace('server 127.0.0.1:3000;', `server ${upstream.hostname === 'localhost' ? '127.0.0.1' : upstream.hostname}:${upstream.port};`)
    .replace('listen 80;', tls ? `listen 127.0.0.1:${port} ssl;\n    ssl_certificate ${tls.certFile};\n    ssl_certificate_key ${tls.keyFile};` : `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/duet-access.log', join(prefix, 'access.log'));
  for (const [original, changed] of [['/var/cache/nginx/duet', 'cache'], ['server 127.0.0.1:3000;', 'upstream'], ['listen 80;', 'listen'], ['/var/log/nginx/duet-access.log', 'access log']] as const) {
    if (site.includes(original)) throw new Error(`deploy/nginx.conf: the ${changed} line was not replaced`);
  }
  const temp = join(prefix, 'temp');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes 2;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi;
${site}
}
`,
  );
  const child: ChildProcess = spawn(nginxBinary, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Over TLS, the certificate names localhost (Fedify resolves handles by host name).
  const url = tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped: ${stderr}`);
    if (await isAnswering(url, tls?.ca)) break;
    await sleep(100);
  }
  return {
    url,
    accessLog: join(prefix, 'access.log'),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
