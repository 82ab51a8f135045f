// A throwaway certificate authority and a certificate for `localhost` and 127.0.0.1 signed
// by it, made with openssl for one test run: the TLS front (nginx) serves the certificate,
// and a process told of the authority through NODE_EXTRA_CA_CERTS trusts it. Nothing is
// added to the machine's trust store.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

export interface TestCertificate {
  /** The authority's certificate (PEM): what NODE_EXTRA_CA_CERTS points at. */
  caFile: string;
  ca: string;
  certFile: string;
  keyFile: string;
  remove(): void;
}

function openssl(cwd: string, args: string[]): void {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
}

export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'duet-test-ca-'));
  writeFileSync(
    join(dir, 'site.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost,IP:127.0.0.1\n',
  );
  // P-256 keys: made in milliseconds, where RSA would cost a loaded machine seconds.
  openssl(dir, ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Duet test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(dir, ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'site.key', '-out', 'site.csr', '-subj', '/CN=localhost']);
  openssl(dir, ['x509', '-req', '-in', 'site.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'site.pem', '-days', '2', '-extfile', 'site.ext']);
  const caFile = join(dir, 'ca.pem');
  return {
    caFile,
    ca: readFileSync(caFile, 'utf8'),
    certFile: join(dir, 'site.pem'),
    keyFile: join(dir, 'site.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
