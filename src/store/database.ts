/**
 * The database connections: one node-postgres pool, shared by the Prisma client (the driver-adapter
 * path: no query-engine binary) and by raw SQL, and a second pool that runs only the hot path's named
 * statements (load a game, append a move, lease rate-limit counts, announce commits: see ./prepared.ts),
 * which go to Postgres directly: Prisma's per-query overhead cost more than the query itself.
 *
 * The second pool's sessions force generic plans. Those statements have fixed shapes, so a generic plan
 * is the plan; but Postgres' own choice compares costs, and the append's outbox part unnests array
 * parameters, whose length a custom plan sees (1 or 2) and a generic one guesses (10): left to itself,
 * Postgres would keep planning every move afresh for that difference. Every other query (Prisma's
 * included) keeps Postgres' default choice, on the first pool. Both open connections only on demand,
 * so a busy server holds up to twice `poolSize`, most of them in the hot pool.
 */
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Database = InstanceType<typeof PrismaClient>;

export interface Connections {
  readonly db: Database;
  readonly pool: pg.Pool;
  /** Named, fixed-shape statements only (./prepared.ts). */
  readonly hot: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, poolSize = 20): Connections {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'portolan' });
  const hot = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'portolan-hot', options: '-c plan_cache_mode=force_generic_plan' });
  // A dropped idle connection must not crash the process; the pool replaces it on the next query.
  pool.on('error', () => undefined);
  hot.on('error', () => undefined);
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    db,
    pool,
    hot,
    close: async () => {
      await db.$disconnect();
      await Promise.all([pool.end(), hot.end()]);
    },
  };
}
