/** The idempotency records of moves (written by the append itself, see ./move-log.ts): looking a key up. */
import type pg from 'pg';
import { Prisma } from '../generated/prisma/client.js';
import { preparedSql } from './prepared.js';

export class IdempotencyKeys {
  constructor(private readonly pool: pg.Pool) {}

  /** Runs a fixed-shape Prisma.sql-built statement straight on the pool, prepared (the hot path; see ./prepared.ts). */
  private async sql<T extends pg.QueryResultRow>(query: Prisma.Sql): Promise<T[]> {
    return (await this.pool.query<T>(preparedSql(query))).rows;
  }

  /**
   * The first answer to a key, while the key lives (`ttlMs`, by the database's clock, which also wrote
   * `created_at`). An expired record is deleted here (the retention job may not have run yet), so the key
   * can be recorded again.
   */
  async findIdempotent(playerId: string, key: string, ttlMs: number): Promise<{ requestHash: string; status: number; response: unknown } | null> {
    const ttl = Prisma.sql`make_interval(secs => ${ttlMs / 1000})`;
    const rows = await this.sql<{ request_hash: string; status: number; response: unknown; live: boolean }>(Prisma.sql`
      SELECT request_hash, status, response, created_at >= now() - ${ttl} AS live
        FROM idempotency_keys WHERE player_id = ${playerId}::uuid AND key = ${key}`);
    const found = rows[0];
    if (!found) return null;
    if (!found.live) {
      await this.sql(Prisma.sql`
        DELETE FROM idempotency_keys WHERE player_id = ${playerId}::uuid AND key = ${key} AND created_at < now() - ${ttl}`);
      return null;
    }
    return { requestHash: found.request_hash, status: found.status, response: found.response };
  }
}
