// How much each role may upload, and how much the library may hold. Configured by the
// site's owner in the environment (README, Configuration):
//   UPLOAD_ROLE_LIMITS_MB  per-role cap on one file, e.g. "author=200,translator=20"
//   MEDIA_QUOTA_MB         total size of the library's original files (0 or unset: none)
//   MEDIA_MIN_FREE_MB      uploads stop while the disk holding DATA_DIR has less free
//                          space than this (default 1024), so uploads never fill the disk
// A file is also held to its kind's own limit (limits.ts); the smallest limit wins.
import type { Role } from '@/core/auth/permissions';

const MB = 1024 * 1024;

export interface UploadPolicy {
  roleCaps: Partial<Record<Role, number>>;
  quotaBytes: number | null;
  minFreeBytes: number;
}

const defaultRoleCapsMb: Partial<Record<Role, number>> = { author: 200, translator: 20 };

function megabytes(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of megabytes, not "${raw}".`);
  return Math.floor(value * MB);
}

/** The policy from the environment; throws with a sentence naming the setting at fault. */
export function readUploadPolicy(env: Record<string, string | undefined>): UploadPolicy {
  const roleCaps: Partial<Record<Role, number>> = Object.fromEntries(Object.entries(defaultRoleCapsMb).map(([r, mb]) => [r, mb * MB]));
  for (const pair of (env.UPLOAD_ROLE_LIMITS_MB ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [role, value] = pair.split('=').map((s) => s.trim());
    if (!role || !['owner', 'admin', 'editor', 'author', 'translator'].includes(role)) {
      throw new Error(`UPLOAD_ROLE_LIMITS_MB: "${pair}" does not name a role (owner, admin, editor, author, translator).`);
    }
    roleCaps[role as Role] = megabytes(value, `UPLOAD_ROLE_LIMITS_MB (${role})`) ?? undefined;
  }
  const quota = megabytes(env.MEDIA_QUOTA_MB, 'MEDIA_QUOTA_MB');
  return {
    roleCaps,
    quotaBytes: quota === null || quota === 0 ? null : quota,
    minFreeBytes: megabytes(env.MEDIA_MIN_FREE_MB, 'MEDIA_MIN_FREE_MB') ?? 1024 * MB,
  };
}

export type UploadCapReason = 'role-limit' | 'storage-quota' | 'disk-full';

/**
 * The most one upload by `role` may hold now, and which rule sets it (null: only the
 * kind's own limit applies). Zero means no upload fits at all.
 */
export function uploadCap(policy: UploadPolicy, role: Role, usage: { libraryBytes: number; freeDiskBytes: number }): { maxBytes: number; reason: UploadCapReason } | null {
  const caps: Array<{ maxBytes: number; reason: UploadCapReason }> = [];
  const roleCap = policy.roleCaps[role];
  if (roleCap !== undefined) caps.push({ maxBytes: roleCap, reason: 'role-limit' });
  if (policy.quotaBytes !== null) caps.push({ maxBytes: Math.max(0, policy.quotaBytes - usage.libraryBytes), reason: 'storage-quota' });
  caps.push({ maxBytes: Math.max(0, usage.freeDiskBytes - policy.minFreeBytes), reason: 'disk-full' });
  return caps.reduce<{ maxBytes: number; reason: UploadCapReason } | null>((min, cap) => (min === null || cap.maxBytes < min.maxBytes ? cap : min), null);
}
