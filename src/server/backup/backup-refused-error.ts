// Why `duet backup` or `duet restore` declined to go on, as a sentence for the operator
// and a stable reason for tests and scripts. Every refusal comes before anything is written
// (or after what was written has been taken back), which is the promise the message makes.
import { AppError } from '@/core/errors/app-error';

export type BackupRefusal =
  | 'unsafe-entry'
  | 'archive-too-large'
  | 'not-a-backup'
  | 'newer-backup'
  | 'manifest-mismatch'
  | 'checksum-mismatch'
  | 'database-kind-mismatch'
  | 'unknown-migrations'
  | 'target-not-empty'
  | 'not-enough-space'
  | 'no-database'
  | 'output-exists';

export class BackupRefusedError extends AppError {
  constructor(reason: BackupRefusal, message: string, options: { cause?: unknown } = {}) {
    super('CONFLICT', message, { reason, cause: options.cause });
    this.name = 'BackupRefusedError';
  }
}

export function isBackupRefusal(error: unknown, reason?: BackupRefusal): error is BackupRefusedError {
  return error instanceof BackupRefusedError && (reason === undefined || error.reason === reason);
}
