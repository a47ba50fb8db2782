/**
 * One human and bots: for every hosted game (and the test game), the test drives seat 0 through the REST
 * API with the engine's own legal moves, server-side bots hold every other seat, and the game is played
 * to its end. Bot moves go through the same service path as the human's (ordinary moves in the log).
 */
import t from 'tap';
import { GAMES } from '../../src/games/registry.js';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { build, player, send } from '../helper.js';
import { nim } from '../support/nim.js';

const HUMAN_MOVES_MAX = 5_000;

function seatsFor(game: AnyGameDefinition): number {
  const { min, max } = game.players;
  return Math.min(max, Math.max(min, 3));
}

for (const game of [nim, ...GAMES] as AnyGameDefinition[]) {
  t.test(`${game.id}: one human seat against bots, to the end`, async (t) => {
    const app = await build(t);
    const ana = await player(app, 'Ana');
    const seats = seatsFor(game);
    const levels = game.bot.levels;
    const bots = Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, level: levels[i % levels.length]! }));
    const created = await ana.request('POST', '/v1/games', { type: game.id, seats, bots });
    t.equal(created.status, 201, created.status === 201 ? 'created' : JSON.stringify(created.body));
    const id = created.body.id;
    t.same(created.body.seats.map((s: any) => s.bot), [null, ...bots.map((b) => b.level)]);
    t.equal((await ana.request('POST', `/v1/games/${id}/start`)).status, 200);

    let humanMoves = 0;
    for (;;) {
      await app.bots.idle();
      const state = (await send(app, 'GET', `/v1/games/${id}`)).body;
      if (state.status === 'finished') break;
      if (state.status !== 'active') {
        t.fail(`the game is ${state.status}`);
        return;
      }
      if (!state.toMove.includes(0)) {
        // Bots are idle and it is not our turn: nobody could move. That must never happen.
        t.fail(`stuck at version ${state.version}: toMove ${JSON.stringify(state.toMove)}`);
        return;
      }
      const legal = await ana.request('GET', `/v1/games/${id}/legal-moves`);
      const moves = legal.body.moves as unknown[];
      if (moves.length === 0) {
        t.fail(`seat 0 is to move at version ${state.version} but has no legal move`);
        return;
      }
      // A varied but reproducible choice among the legal moves.
      const move = moves[(legal.body.version * 7919 + humanMoves) % moves.length];
      const res = await ana.request('POST', `/v1/games/${id}/moves`, { move, expectedVersion: legal.body.version });
      if (res.status === 409 && res.body.error.code === 'STALE_VERSION') continue; // a bot moved in a simultaneous phase
      if (res.status !== 200) {
        t.fail(`move ${humanMoves} refused: ${JSON.stringify(res.body)}`);
        return;
      }
      if (++humanMoves > HUMAN_MOVES_MAX) {
        t.fail('the game did not end');
        return;
      }
    }
    const final = (await send(app, 'GET', `/v1/games/${id}`)).body;
    t.equal(final.status, 'finished');
    t.ok(final.outcome, 'an outcome');
    t.equal(final.outcome.ranking.flat().length, seats, 'every seat ranked');
    t.ok(humanMoves > 0, `the human made ${humanMoves} moves`);
    const history = (await send(app, 'GET', `/v1/games/${id}/moves?limit=200`)).body.items;
    t.ok(history.some((m: any) => m.seat !== 0 && m.kind === 'move'), 'bot moves are ordinary moves in the log');
    t.comment(`${game.id}: ${seats} seats, version ${final.version}, ${humanMoves} human moves`);
  });
}
