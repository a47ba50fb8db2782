/**
 * The ceiling Portolan is measured against, in the same run and on the same database:
 * - the minimal durable move: one prepared statement, a guarded UPDATE of the game's version and the
 *   INSERT of a move of about 425 bytes of jsonb, committed (one round trip, like Portolan's move);
 * - Portolan's own append (src/store/event-store.ts), sent through `pg` as the service sends it (the
 *   same pool, the same prepared statements, moves of different games grouped the same way) but without
 *   HTTP, the service or the engine.
 * Both run on a pool of the same size as the server's, `games` games at a time.
 */
import pg from 'pg';
import { seatRef } from '../src/engine/log-text.js';
import { openDatabase } from '../src/store/database.js';
import { EventStore } from '../src/store/event-store.js';
import type { Mover } from './load.js';

/** About 425 bytes once stored as jsonb: a move and its log entries, as a rich game writes them. */
const PAYLOAD = JSON.stringify({
  type: 'build',
  building: 'large-warehouse',
  seat: 2,
  paid: 6,
  discount: { quarry: 1, privilege: 1 },
  log: [
    { type: 'role.chosen', seat: 2, role: 'builder', text: 'Ana chose the Builder (privilege: 1 doubloon off).' },
    { type: 'building.built', seat: 2, building: 'large-warehouse', text: 'Ana built a Large Warehouse for 6 doubloons.' },
    { type: 'colonist.placed', seat: 2, count: 1, text: 'A colonist from San Juan moved in.' },
  ],
});

const MINIMAL_MOVE = `
  WITH bumped AS (UPDATE ceiling_games SET version = version + 1 WHERE id = $1 AND version = $2 RETURNING id, version)
  INSERT INTO ceiling_moves (game_id, seq, payload) SELECT id, version, $3::jsonb FROM bumped RETURNING seq`;

export interface Ceiling {
  readonly move: Mover;
  close(): Promise<void>;
}

/** The minimal durable move on `games` fresh games (its own two tables). */
export async function minimalMove(url: string, games: number, poolSize: number): Promise<Ceiling> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'bench-ceiling' });
  await pool.query(`
    DROP TABLE IF EXISTS ceiling_moves, ceiling_games;
    CREATE TABLE ceiling_games (id int PRIMARY KEY, version int NOT NULL);
    CREATE TABLE ceiling_moves (game_id int NOT NULL, seq int NOT NULL, payload jsonb NOT NULL, PRIMARY KEY (game_id, seq));
    INSERT INTO ceiling_games SELECT g, 0 FROM generate_series(0, ${games - 1}) g;`);
  const versions = new Array<number>(games).fill(0);
  return {
    async move(game) {
      const version = versions[game] ?? 0;
      const { rowCount } = await pool.query({ name: 'ceiling_move', text: MINIMAL_MOVE, values: [game, version, PAYLOAD] });
      if (rowCount !== 1) throw new Error(`ceiling game ${game} was not at version ${version}`);
      versions[game] = version + 1;
    },
    close: () => pool.end(),
  };
}

/** A started game of the test game (nim) for the append: its id, its two players, its version. */
export interface StartedGame {
  readonly id: string;
  readonly playerIds: readonly [string, string];
  version: number;
}

/** Portolan's append of a nim move ("take 1", with the log test/support/nim.ts writes for it), as the service sends it. */
export function portolanStatement(url: string, games: readonly StartedGame[], poolSize: number): Ceiling {
  const connections = openDatabase(url, poolSize);
  const store = new EventStore(connections.db, connections.pool);
  return {
    async move(index) {
      const game = games[index]!;
      const seat = game.version % 2;
      const next = 1 - seat;
      const appended = await store.append({
        gameId: game.id,
        expectedVersion: game.version,
        seat,
        kind: 'move',
        payload: { type: 'take', count: 1 },
        log: [{ type: 'stones.taken', seat, count: 1, text: `${seatRef(seat)} took 1.` }],
        playerId: game.playerIds[seat]!,
        toMove: [next],
        finished: false,
        outcome: null,
        turnStarted: [next],
        clocks: [],
      });
      if (!appended.ok) throw new Error(`game ${game.id}: ${appended.reason}`);
      game.version++;
    },
    close: () => connections.close(),
  };
}
