/** A long legal game record for tests and benchmarks of record verification. */
import { createHash, randomUUID } from 'node:crypto';
import { navegador } from '../../src/games/navegador/index.js';

/** A legal Navegador record of `count` moves that has not ended (valid: true once replayed). */
export function longRecord(count: number) {
  const options = navegador.validateOptions({}, 2);
  if (!options.ok) throw new Error('options');
  const seed = 'long-record';
  let state = navegador.setup({ seats: 2, options: options.value, seed });
  const at = new Date().toISOString();
  const moves = [];
  for (let n = 0; n < count; n++) {
    const seat = navegador.toMove(state)[0]!;
    const legal = navegador.legalMoves(state, seat);
    const move = legal[n % Math.min(2, legal.length)]!;
    const applied = navegador.apply(state, seat, move);
    if (!applied.ok || navegador.outcome(applied.state)) throw new Error(`move ${n + 1} ends or fails`);
    state = applied.state;
    moves.push({ seq: n + 1, seat, kind: 'move', move, log: [], at });
  }
  return {
    format: 'portolan.game-record',
    formatVersion: 1,
    id: randomUUID(),
    type: 'navegador',
    engineVersion: navegador.engineVersion,
    options: options.value,
    status: 'active',
    createdAt: at,
    startedAt: at,
    finishedAt: null,
    seats: [0, 1].map((index) => ({ index, player: null, bot: 'x', resigned: false })),
    seedCommitment: createHash('sha256').update(seed).digest('hex'),
    seed,
    visibility: 'full',
    viewerSeat: null,
    moves,
    outcome: null,
  };
}
