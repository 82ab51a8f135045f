// The server entry's own parts (src/server-entry/): the layers run in the order given, the
// security headers come from the SITE_URL the server runs with (not a build's), the
// start-up check refuses an unpatched Next.js or a server whose layers do not answer, and
// the last line says where to go.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose, type Layer } from '@/server-entry/listener';
import { readyMessage } from '@/server-entry/ready-message';
import { requestGuardLayer } from '@/server-entry/request-guard';
import { securityHeadersLayer } from '@/server-entry/security-headers';
import { layerProblems, nextPatchProblems } from '@/server-entry/self-check';

describe('compose', () => {
  it('puts the first layer outermost', () => {
    const order: string[] = [];
    const named =
      (name: string): Layer =>
      (next) =>
      (req, res) => {
        order.push(name);
        next(req, res);
      };
    compose([named('a'), named('b'), named('c')], () => order.push('app'))({} as never, {} as never);
    expect(order).toEqual(['a', 'b', 'c', 'app']);
  });
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('the security headers layer', () => {
  it('takes HSTS and upgrade-insecure-requests from an https SITE_URL given at run time', async () => {
    const answers = [];
    for (const siteUrl of ['https://magazine.example', 'http://127.0.0.1:3300', undefined]) {
      const server = createServer(securityHeadersLayer({ siteUrl, isDevelopment: false })((req, res) => res.end('page')));
      const origin = await listen(server);
      answers.push((await fetch(origin)).headers);
      server.close();
    }
    const [https, http, unset] = answers;
    expect(https!.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(https!.get('content-security-policy')).toContain('upgrade-insecure-requests');
    for (const headers of [http!, unset!]) {
      expect(headers.get('strict-transport-security')).toBeNull();
      expect(headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('is kept over a route handler’s header of the same name, as Next keeps a present one', async () => {
    const server = createServer(
      securityHeadersLayer({ siteUrl: undefined, isDevelopment: false })((req, res) => {
        // What Next's send-response does for a handler's header: append only when absent.
        if (res.getHeader('x-frame-options') === undefined) res.appendHeader('x-frame-options', 'SAMEORIGIN');
        res.end();
      }),
    );
    const origin = await listen(server);
    expect((await fetch(origin)).headers.get('x-frame-options')).toBe('DENY');
    server.close();
  });
});

describe('the start-up check', () => {
  it('names the unpatched Next.js files and says how to patch them', () => {
    expect(nextPatchProblems(() => [])).toEqual([]);
    const [problem] = nextPatchProblems(() => ['/x/next/dist/server/app-render/app-render.js']);
    expect(problem).toContain('app-render.js');
    expect(problem).toContain('node scripts/patch-next.mjs');
  });

  it('finds the installed Next.js patched (npm install ran scripts/patch-next.mjs)', () => {
    expect(nextPatchProblems()).toEqual([]);
  });

  describe('asking the listening server', () => {
    let withLayers: Server;
    let bare: Server;
    beforeAll(() => {
      withLayers = createServer(compose([securityHeadersLayer({ siteUrl: undefined, isDevelopment: false }), requestGuardLayer], (req, res) => res.end('next')));
      bare = createServer((req, res) => {
        res.statusCode = 500;
        res.end('Internal Server Error');
      });
    });
    afterAll(() => {
      withLayers.close();
      bare.close();
    });

    it('finds nothing wrong when the layers stand in front', async () => {
      expect(await layerProblems(await listen(withLayers))).toEqual([]);
    });

    it('refuses a server without them', async () => {
      const problems = await layerProblems(await listen(bare));
      expect(problems).toHaveLength(2);
      expect(problems.join(' ')).toMatch(/request guard.*500.*Content-Security-Policy/);
    });
  });
});

describe('readyMessage', () => {
  it('sends a first visitor to the Studio to create the owner', () => {
    expect(readyMessage('http://localhost:3000', true)).toBe('duet: ready on http://localhost:3000: open http://localhost:3000/zh/studio to create the owner account.');
    expect(readyMessage('http://localhost:3000', false)).toContain('the Studio is at http://localhost:3000/zh/studio');
  });
});
