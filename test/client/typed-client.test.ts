/**
 * The generated TypeScript client (clients/typescript/) plays a complete Meuterer game against a
 * listening service: one player through the client, server-side bots in the other seats. Type-checked
 * under the project's strict tsc with no casts: the moves come from the typed legal-moves answer
 * (MeutererMove, a union discriminated by `type`) and the view is a MeutererView.
 */
import t from 'tap';
import { createPortolanClient, PortolanError, unwrap, type MeutererMove, type MeutererView } from '../../clients/typescript/index.js';
import { build } from '../helper.js';

/** Exhaustive over the union: a move type added to the schema without a case here fails to compile. */
function describe(move: MeutererMove): string {
  switch (move.type) {
    case 'setCaptainCard':
      return `captain card ${move.value}`;
    case 'offer':
      return `offer ${move.card}`;
    case 'pass':
      return 'pass';
    case 'chooseAction':
      return `action ${move.role}`;
    case 'playConflict':
      return `conflict x${move.count}`;
    case 'allocateSales':
      return `sell ${move.sales.map((s) => `${s.count} ${s.good}`).join(', ') || 'nothing'}`;
    case 'keepCards':
      return `keep ${move.cards.length}`;
    default: {
      const unknown: never = move;
      return unknown;
    }
  }
}

/** Own hand visible, every other seat's hidden: read through the typed view. */
function secretsKept(view: MeutererView, seat: number): boolean {
  return view.players.every((p) => (p.seat === seat ? p.hand !== undefined : p.hand === undefined && p.kept === undefined));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('a complete Meuterer game through the typed client', async (t) => {
  const app = await build(t);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  const anonymous = createPortolanClient({ baseUrl });
  const registered = await unwrap(anonymous.api.POST('/v1/players', { body: { name: 'Ana' } }));
  const client = createPortolanClient({ baseUrl, token: registered.token });
  const created = await unwrap(
    client.api.POST('/v1/games', {
      body: { type: 'meuterer', seats: 3, bots: [{ seat: 1, level: 'greedy' }, { seat: 2, level: 'greedy' }] },
    }),
  );
  await unwrap(client.api.POST('/v1/games/{id}/start', { params: { path: { id: created.id } } }));
  const game = client.game('meuterer', created.id);

  const played: string[] = [];
  let viewsChecked = 0;
  for (let polls = 0; polls < 5000; polls++) {
    const summary = await unwrap(client.api.GET('/v1/games/{id}', { params: { path: { id: game.id } } }));
    if (summary.status === 'finished') break;
    const legal = await game.legalMoves();
    const [move] = legal.moves;
    if (move === undefined) {
      await sleep(10); // the bots' turn: they play on the server
      continue;
    }
    const state = await game.state();
    if (secretsKept(state.view, 0)) viewsChecked++;
    // Vary the choice by version, so the game takes different branches (still a listed, legal move).
    const choice = legal.moves[legal.version % legal.moves.length] ?? move;
    const result = await game.move(choice, { expectedVersion: legal.version, idempotencyKey: `move-${legal.version}` });
    played.push(`${result.version}: ${describe(choice)}`);
  }

  const final = await game.state();
  t.equal(final.view.phase, 'gameOver', `the game ended after ${played.length} moves of ours`);
  t.ok(played.length >= 9, 'we moved in every round');
  t.equal(viewsChecked, played.length, 'every view we played from showed our hand and hid the others');
  const summary = await unwrap(client.api.GET('/v1/games/{id}', { params: { path: { id: game.id } } }));
  t.equal(summary.outcome?.ranking.flat().length, 3, 'the outcome ranks the three seats');

  const refused = await game.move({ type: 'pass' }, { expectedVersion: 0 }).then(
    () => null,
    (error: unknown) => error,
  );
  t.ok(refused instanceof PortolanError, 'a refused move is a PortolanError');
  if (refused instanceof PortolanError) t.match(refused.code, /^(GAME_OVER|GAME_NOT_ACTIVE|STALE_VERSION)$/, refused.message);
});
