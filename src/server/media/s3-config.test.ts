import { describe, expect, it } from 'vitest';
import { readS3Config } from './s3-config';

describe('readS3Config', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'secret' };

  it('leaves media on the local disk when S3_BUCKET is not set', () => {
    expect(readS3Config({})).toBeNull();
    expect(readS3Config({ S3_BUCKET: '  ', ...keys })).toBeNull();
  });

  it('reads a self-hosted server, path style by default', () => {
    expect(readS3Config({ S3_BUCKET: 'duet-media', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys })).toEqual({
      bucket: 'duet-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('reads AWS itself: virtual-hosted style unless told otherwise', () => {
    expect(readS3Config({ S3_BUCKET: 'duet-media', S3_REGION: 'eu-west-3', ...keys })).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: false });
    expect(readS3Config({ S3_BUCKET: 'duet-media', S3_FORCE_PATH_STYLE: 'true', ...keys })).toMatchObject({ forcePathStyle: true });
    expect(readS3Config({ S3_BUCKET: 'duet-media', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false', ...keys })).toMatchObject({ forcePathStyle: false });
  });

  it('refuses a half-filled configuration rather than falling back to the disk', () => {
    expect(() => readS3Config({ S3_BUCKET: 'duet-media' })).toThrow(/S3_ACCESS_KEY_ID.*S3_SECRET_ACCESS_KEY/s);
    expect(() => readS3Config({ S3_BUCKET: 'duet-media', S3_ENDPOINT: 'not a url', ...keys })).toThrow(/S3_ENDPOINT/);
  });
});
