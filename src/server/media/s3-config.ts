// The S3-compatible storage settings, from the environment. S3_BUCKET turns it on; the
// rest then describe how to reach the bucket. A half-filled configuration is an error at
// the first use of media, not a silent fall back to the local disk.
import { z } from 'zod';

export interface S3Config {
  bucket: string;
  /** e.g. http://127.0.0.1:8080 or https://s3.eu-west-3.amazonaws.com; the SDK's default when absent. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key` (MinIO, Swift, Garage). */
  forcePathStyle: boolean;
}

const schema = z.strictObject({
  S3_BUCKET: z.string().trim().min(3).max(63),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1, 'S3_ACCESS_KEY_ID is required with S3_BUCKET'),
  S3_SECRET_ACCESS_KEY: z.string().min(1, 'S3_SECRET_ACCESS_KEY is required with S3_BUCKET'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
});

/** Null when S3_BUCKET is not set (media stay in DATA_DIR/media). */
export function readS3Config(env: Readonly<Record<string, string | undefined>>): S3Config | null {
  if (!env.S3_BUCKET?.trim()) return null;
  const pick = (name: keyof z.infer<typeof schema>) => (env[name]?.trim() ? env[name] : undefined);
  const parsed = schema.safeParse({
    S3_BUCKET: pick('S3_BUCKET'),
    S3_ENDPOINT: pick('S3_ENDPOINT'),
    S3_REGION: pick('S3_REGION'),
    S3_ACCESS_KEY_ID: pick('S3_ACCESS_KEY_ID') ?? '',
    S3_SECRET_ACCESS_KEY: pick('S3_SECRET_ACCESS_KEY') ?? '',
    S3_FORCE_PATH_STYLE: pick('S3_FORCE_PATH_STYLE'),
  });
  if (!parsed.success) {
    throw new Error(`S3 media storage is misconfigured: ${parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')}`);
  }
  const v = parsed.data;
  return {
    bucket: v.S3_BUCKET,
    endpoint: v.S3_ENDPOINT,
    region: v.S3_REGION,
    accessKeyId: v.S3_ACCESS_KEY_ID,
    secretAccessKey: v.S3_SECRET_ACCESS_KEY,
    // A custom endpoint is most often a self-hosted server, which wants path style.
    forcePathStyle: v.S3_FORCE_PATH_STYLE ? v.S3_FORCE_PATH_STYLE === 'true' || v.S3_FORCE_PATH_STYLE === '1' : Boolean(v.S3_ENDPOINT),
  };
}
