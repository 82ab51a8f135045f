// The control API of the test fediverse client (tests/fediverse/client-server.ts): the
// bodies it accepts and what it reports, shared by the client and the specs that drive it.
import { z } from 'zod';

export const controlBody = {
  lookup: z.strictObject({ identifier: z.string().min(1) }),
  webfinger: z.strictObject({ resource: z.string().min(1) }),
  fetch: z.strictObject({ url: z.string().url() }),
  /** A handle (`@zh@localhost:1234`, `acct:…`) or an actor's URL. */
  follow: z.strictObject({ handle: z.string().min(1) }),
  reply: z.strictObject({ objectId: z.string().url(), content: z.string().min(1), language: z.string().optional() }),
  post: z.strictObject({ content: z.string().min(1) }),
};

/** One activity the client's inbox accepted, as the test reads it. */
export interface ReceivedActivity {
  kind: string;
  id: string | null;
  actor: string | null;
  objectId: string | null;
  objectType: string | null;
  contentMap: Record<string, string> | null;
  nameMap: Record<string, string> | null;
  url: unknown;
  receivedAt: string;
}
