// Every server the test suites start listens on E2E_PORT (default 3100) plus a fixed offset
// under 100, so two runs on one machine given E2E_PORTs a hundred apart never meet: the
// browser suite's server, the nginx in front of it, the several-instances suite's balancer,
// instances and private Redis, the fediverse spec's instance, TLS front and client, and the
// Node 22 smoke's server (.ci/run passes SMOKE_PORT).
// Servers of the unit and integration suites take any free port.
const base = Number(process.env.E2E_PORT ?? 3100);
if (!Number.isInteger(base) || base < 1024 || base > 65_435) throw new Error(`E2E_PORT must be a port from 1024 to 65435, not ${process.env.E2E_PORT}`);

export const testPorts = {
  /** The browser suite's production server (playwright.config.ts). */
  site: base,
  /** Debian's nginx running deploy/nginx.conf in front of it (tests/e2e/nginx.spec.ts). */
  nginx: base + 87,
  /** The several-instances suite (tests/cluster): its balancer, instances A and B, its Redis. */
  cluster: { balancer: base + 50, a: base + 51, b: base + 52, redis: base + 53 },
  /** The fediverse spec (tests/e2e/fediverse-client.spec.ts): its Duet instance, the https front, the test client. */
  fediverse: { duet: base + 70, front: base + 71, client: base + 72 },
  /** The Node 22 smoke's server (tests/smoke/fresh-install.sh reads SMOKE_PORT). */
  smoke: base + 60,
};
