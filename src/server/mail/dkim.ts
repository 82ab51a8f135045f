// Optional DKIM signing of every e-mail the site sends: DKIM_DOMAIN, DKIM_SELECTOR and the
// private key (DKIM_PRIVATE_KEY, PEM text with real or `\n` line breaks, or
// DKIM_PRIVATE_KEY_FILE, a path) given to nodemailer's `dkim` transport option. The public
// key goes in DNS at `<selector>._domainkey.<domain>` (docs/deploy.md). Half a
// configuration is an error at start, not unsigned mail found out later.
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export function dkimOptions(env: NodeJS.ProcessEnv = process.env): DkimOptions | null {
  const domainName = env.DKIM_DOMAIN?.trim();
  const keySelector = env.DKIM_SELECTOR?.trim();
  const keyText = env.DKIM_PRIVATE_KEY_FILE?.trim() ? readFileSync(env.DKIM_PRIVATE_KEY_FILE.trim(), 'utf8') : env.DKIM_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (!domainName && !keySelector && !keyText) return null;
  if (!domainName || !keySelector || !keyText) throw new Error('DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together.');
  // Refuses a key that is not one before the first message is signed with it.
  createPrivateKey(keyText);
  return { domainName, keySelector, privateKey: keyText };
}
