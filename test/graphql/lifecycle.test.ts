/** GraphQL: the same lifecycle as REST, through mutations and queries, with errors carrying codes. */
import t from 'tap';
import { build, gql } from '../helper.js';

const REGISTER = 'mutation($name: String!) { register(name: $name) { token player { id name } } }';
const GAME_FIELDS = 'id status version toMove seedCommitment seed seats { index player { name } bot resigned } outcome { winners ranking scores }';

t.test('GraphQL: register, create, join, start, move, read the history and the outcome', async (t) => {
  const app = await build(t);
  const ana = (await gql(app, REGISTER, { name: 'Ana' })).data.register;
  const ben = (await gql(app, REGISTER, { name: 'Ben' })).data.register;
  t.equal(ana.player.name, 'Ana');

  const types = await gql(app, '{ gameTypes { id minPlayers maxPlayers botLevels moveSchema } }');
  const nimType = types.data.gameTypes.find((g: { id: string }) => g.id === 'nim');
  t.same([nimType.minPlayers, nimType.maxPlayers], [2, 2]);
  t.equal(nimType.moveSchema.anyOf.length, 2, 'the move schema is served as JSON');

  const created = await gql(app, `mutation { createGame(type: "nim", seats: 2, options: { stones: 4 }) { ${GAME_FIELDS} } }`, {}, ana.token);
  const id = created.data.createGame.id;
  t.equal(created.data.createGame.status, 'waiting');
  await gql(app, `mutation($id: ID!) { joinGame(id: $id) { id } }`, { id }, ben.token);
  const started = await gql(app, `mutation($id: ID!) { startGame(id: $id) { ${GAME_FIELDS} } }`, { id }, ana.token);
  t.same(started.data.startGame.toMove, [0]);

  const legal = await gql(app, `query($id: ID!) { game(id: $id) { legalMoves } }`, { id }, ana.token);
  t.same(legal.data.game.legalMoves, [{ type: 'take', count: 1 }, { type: 'take', count: 2 }, { type: 'take', count: 3 }, { type: 'swap' }]);

  const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int) { move(id: $id, move: $move, expectedVersion: $v) { seq version toMove status log game { version } } }`;
  const m1 = await gql(app, MOVE, { id, move: { type: 'take', count: 3 }, v: 0 }, ana.token);
  t.same(m1.data.move.toMove, [1]);
  t.equal(m1.data.move.game.version, 1);
  t.equal(m1.data.move.log[0].type, 'stones.taken');

  const stale = await gql(app, MOVE, { id, move: { type: 'take', count: 1 }, v: 0 }, ben.token);
  t.equal(stale.errors?.[0]?.extensions?.code, 'STALE_VERSION');
  const outOfTurn = await gql(app, MOVE, { id, move: { type: 'take', count: 1 } }, ana.token);
  t.equal(outOfTurn.errors?.[0]?.extensions?.code, 'NOT_YOUR_TURN');
  const anonymous = await gql(app, MOVE, { id, move: { type: 'take', count: 1 } });
  t.equal(anonymous.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');

  const m2 = await gql(app, MOVE, { id, move: { type: 'take', count: 1 }, v: 1 }, ben.token);
  t.equal(m2.data.move.status, 'finished');

  const read = await gql(
    app,
    `query($id: ID!) { game(id: $id) { ${GAME_FIELDS} view { version seat view } history(limit: 1) { items { seq seat move } nextCursor } } }`,
    { id },
    ana.token,
  );
  const game = read.data.game;
  t.equal(game.status, 'finished');
  t.same(game.outcome.winners, [1]);
  t.match(game.seed, /^[0-9a-f]{64}$/);
  t.equal(game.view.seat, 0);
  t.equal(game.view.view.stones, 0);
  t.same(game.history.items, [{ seq: 1, seat: 0, move: { type: 'take', count: 3 } }]);
  t.equal(game.history.nextCursor, '1');
  const page2 = await gql(app, `query($id: ID!) { game(id: $id) { history(cursor: "1") { items { seq } nextCursor } } }`, { id });
  t.same(page2.data.game.history, { items: [{ seq: 2 }], nextCursor: null });

  const past = await gql(app, `query($id: ID!) { game(id: $id) { view(at: 1) { version view } } }`, { id }, ana.token);
  t.equal(past.data.game.view.view.stones, 1, 'the state after move 1');

  const listed = await gql(app, '{ games(type: "nim", status: finished) { items { id } nextCursor } }');
  t.same(listed.data.games.items.map((g: { id: string }) => g.id), [id]);
  t.equal((await gql(app, '{ game(id: "00000000-0000-4000-8000-000000000000") { id } }')).data.game, null);
});

t.test('GraphQL: my turn lists the games waiting for me, longest-waiting first', async (t) => {
  const app = await build(t);
  const ana = (await gql(app, REGISTER, { name: 'Ana' })).data.register;
  const ben = (await gql(app, REGISTER, { name: 'Ben' })).data.register;
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const id = (await gql(app, 'mutation { createGame(type: "nim", seats: 2) { id } }', {}, ana.token)).data.createGame.id;
    await gql(app, 'mutation($id: ID!) { joinGame(id: $id) { id } }', { id }, ben.token);
    await gql(app, 'mutation($id: ID!) { startGame(id: $id) { id } }', { id }, ana.token);
    ids.push(id);
  }
  // Ana moves in the second game: it becomes Ben's turn there, so Ana waits in games 0 and 2 only.
  await gql(app, 'mutation($id: ID!) { move(id: $id, move: { type: "take", count: 1 }) { seq } }', { id: ids[1] }, ana.token);
  const mine = await gql(app, '{ myTurn { items { id toMove } nextCursor } }', {}, ana.token);
  t.same(mine.data.myTurn.items.map((g: { id: string }) => g.id), [ids[0], ids[2]]);
  t.equal(mine.data.myTurn.nextCursor, null);
  const bens = await gql(app, '{ myTurn { items { id } } }', {}, ben.token);
  t.same(bens.data.myTurn.items.map((g: { id: string }) => g.id), [ids[1]]);
  const anonymous = await gql(app, '{ myTurn { items { id } } }');
  t.equal(anonymous.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED');
});
