// The browser the suites drive: Debian's Chromium. Its headless shell
// (`chromium-headless-shell`, the same Chromium release and Blink engine without the
// desktop browser around it, the build Playwright itself uses for headless runs) when the
// machine has it, as CI does: the same 40 reading tests took 84 s of CPU with it against
// 164 s with the full browser (`/usr/bin/chromium`), and the browser's CPU is most of the
// suite's. The full browser otherwise; CHROMIUM_PATH chooses another.
import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';

export const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export const chromiumArgs = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'];
