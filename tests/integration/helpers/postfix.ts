// A private Postfix (Debian's package) for the tests: its own configuration directory,
// queue and log under a temporary folder, `postfix -c <dir> start`, an SMTP listener on a
// loopback port, and every message for example.com delivered by its `virtual` agent into
// one Maildir (Postfix adds `Delivered-To: <recipient>`, by which the tests count each
// recipient's messages). Mail to any other domain is discarded. The machine's own Postfix
// (its /etc/postfix and service) is never touched. Needs root (Postfix's master runs as
// root and drops to the `postfix` user), as in CI's container.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';

const run = promisify(execFile);
const postfixBin = '/usr/sbin/postfix';
const nobody = 65534;

/** Why the Postfix suite cannot run here, or null when it can. */
export function postfixMissing(): string | null {
  if (!existsSync(postfixBin)) return `${postfixBin} is not installed (apt-get install postfix)`;
  if (process.getuid?.() !== 0) return 'the tests are not running as root (Postfix master needs it)';
  return null;
}

/** The queue's folders a message waits in between its 250 and its delivery (the rest hold no mail). */
const queueFolders = ['maildrop', 'incoming', 'active', 'deferred', 'hold'];

function filesUnder(folder: string): number {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

export interface PostfixInstance {
  port: number;
  smtpUrl: string;
  /** Every message delivered so far, parsed, with the recipient Postfix delivered it to. */
  delivered(): Promise<Array<{ to: string; mail: ParsedMail; raw: Buffer }>>;
  /** How many messages are in the Maildir now (no parsing: cheap enough to poll). */
  count(): number;
  /** Waits until `count` messages are delivered (or throws with the mail log's tail). */
  waitFor(count: number, timeoutMs?: number): Promise<Array<{ to: string; mail: ParsedMail; raw: Buffer }>>;
  /**
   * Waits until Postfix's queue is empty: every message it accepted (an SMTP client got its
   * 250) has been delivered or discarded, so none is still to arrive. Returns the Maildir's count.
   */
  drained(timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

function mainCf(dir: string): string {
  return `compatibility_level = 3.6
queue_directory = ${dir}/spool
data_directory = ${dir}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mta.duet.test
mydomain = duet.test
myorigin = duet.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_relay_restrictions = permit_mynetworks, reject
smtpd_banner = $myhostname ESMTP
virtual_mailbox_domains = example.com
virtual_mailbox_base = ${dir}/mail
virtual_mailbox_maps = static:all/
virtual_uid_maps = static:${nobody}
virtual_gid_maps = static:${nobody}
default_transport = discard
relay_transport = discard
maillog_file = ${dir}/maillog
maillog_file_prefixes = ${dir}
biff = no
append_dot_mydomain = no
`;
}

function masterCf(port: number): string {
  const services = [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    'pickup unix n - n 60 1 pickup',
    'cleanup unix n - n - 0 cleanup',
    'qmgr unix n - n 300 1 qmgr',
    'rewrite unix - - n - - trivial-rewrite',
    'bounce unix - - n - 0 bounce',
    'defer unix - - n - 0 bounce',
    'trace unix - - n - 0 bounce',
    'verify unix - - n - 1 verify',
    'flush unix n - n 1000? 0 flush',
    'proxymap unix - - n - - proxymap',
    'showq unix n - n - - showq',
    'error unix - - n - - error',
    'retry unix - - n - - error',
    'discard unix - - n - - discard',
    'virtual unix - n n - - virtual',
    'anvil unix - - n - 1 anvil',
    'scache unix - - n - 1 scache',
    'postlog unix-dgram n - n - 1 postlogd',
  ];
  return `${services.join('\n')}\n`;
}

export async function startPostfix(port: number): Promise<PostfixInstance> {
  const dir = mkdtempSync(join(tmpdir(), 'duet-postfix-'));
  // Postfix's own users must reach their folders inside it.
  chmodSync(dir, 0o755);
  for (const sub of ['etc', 'spool', 'data', 'mail']) mkdirSync(join(dir, sub), { mode: 0o755 });
  chownSync(join(dir, 'data'), Number((await run('id', ['-u', 'postfix'])).stdout.trim()), Number((await run('id', ['-g', 'postfix'])).stdout.trim()));
  chownSync(join(dir, 'mail'), nobody, nobody);
  writeFileSync(join(dir, 'etc', 'main.cf'), mainCf(dir));
  writeFileSync(join(dir, 'etc', 'master.cf'), masterCf(port));
  const config = join(dir, 'etc');
  const log = () => (existsSync(join(dir, 'maillog')) ? readFileSync(join(dir, 'maillog'), 'utf8').split('\n').slice(-20).join('\n') : '(no mail log)');
  try {
    await run(postfixBin, ['-c', config, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Postfix did not start: ${(error as Error).message}\n${log()}`);
  }
  const maildir = join(dir, 'mail', 'all', 'new');

  async function delivered() {
    if (!existsSync(maildir)) return [];
    const files = readdirSync(maildir);
    return Promise.all(
      files.map(async (file) => {
        const raw = readFileSync(join(maildir, file));
        const mail = await simpleParser(raw);
        // mailparser keeps unknown headers as text; Postfix's virtual agent adds this one.
        const to = mail.headerLines.find((h) => h.key === 'delivered-to')?.line.replace(/^[^:]*:\s*/, '') ?? '';
        return { to, mail, raw };
      }),
    );
  }

  return {
    port,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    delivered,
    count: () => (existsSync(maildir) ? readdirSync(maildir).length : 0),
    async waitFor(count, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = existsSync(maildir) ? readdirSync(maildir).length : 0;
        if (found >= count) return delivered();
        if (Date.now() > until) throw new Error(`Postfix delivered ${found} of ${count} messages in ${timeoutMs} ms:\n${log()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async drained(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      const queued = () => queueFolders.reduce((n, folder) => n + filesUnder(join(dir, 'spool', folder)), 0);
      for (;;) {
        if (queued() === 0) return existsSync(maildir) ? readdirSync(maildir).length : 0;
        if (Date.now() > until) throw new Error(`Postfix still had ${queued()} queued messages after ${timeoutMs} ms:\n${log()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await run(postfixBin, ['-c', config, 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
