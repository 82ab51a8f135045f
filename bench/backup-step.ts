// One step of bench/backup.mjs in a process of its own, so the peak RSS it reports is that
// step's alone. `load` only imports the code: the baseline the other steps are compared to.
//   DATA_DIR=… [DATABASE_URL=…] npx tsx bench/backup-step.ts backup|restore|load <file>
import { backupCommand, restoreCommand } from '../src/cli/commands/backup';

const [step = 'load', file = ''] = process.argv.slice(2);
const io = { env: process.env, stdout: process.stdout, stderr: process.stderr };
const dataDir = process.env.DATA_DIR!;
const started = performance.now();
const code = step === 'load' ? 0 : await (step === 'backup' ? backupCommand : restoreCommand)(io, dataDir, [file]);
const cpu = process.cpuUsage();
const result = { step, code, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
console.log(`RESULT ${JSON.stringify(result)}`);
process.exitCode = code;
