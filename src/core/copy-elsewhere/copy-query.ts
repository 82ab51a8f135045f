// The query of a request for a copy of a text made for another editor (`?target=wechat`).
import { z } from 'zod';
import { copyTargets } from './copy-target';

export const copyQuery = z.strictObject({
  target: z.enum(copyTargets, { error: 'Must be wechat or rich.' }),
});

export type CopyQuery = z.output<typeof copyQuery>;
