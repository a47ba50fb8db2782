/**
 * The database connections: one node-postgres pool, shared by the Prisma client (the driver-adapter
 * path: no query-engine binary) and by raw SQL. The hot path's statements (load a game, append a move,
 * lease rate-limit counts, announce commits) go to the pool directly as named statements (./prepared.ts):
 * Prisma's per-query overhead cost more than the query itself.
 */
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = InstanceType<typeof PrismaClient>;

export interface Connections {
  readonly db: Database;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, poolSize = 20): Connections {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'portolan' });
  // A dropped idle connection must not crash the process; the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    db,
    pool,
    close: async () => {
      await db.$disconnect();
      await pool.end();
    },
  };
}
