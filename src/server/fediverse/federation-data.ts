// What every dispatcher and inbox listener of the federation is given: the database.
import type { Db } from '@/db/client';

export interface FederationData {
  db: Db;
}
