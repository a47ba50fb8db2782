/**
 * Secrets stay secret: the test game's hidden cards and the seed never reach someone who may not see
 * them, through state, history, past states, game summaries, errors or logs.
 */
import t from 'tap';
import { Writable } from 'node:stream';
import { build, gql, player, send } from '../helper.js';

t.test('a spectator and the opponent never see a hidden card or the seed while the game runs', async (t) => {
  const lines: string[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  const app = await build(t, { logger: { level: 'trace', stream: sink } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'swap' } });
  await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });

  const row = await app.db.game.findUniqueOrThrow({ where: { id: game.id } });
  const anaView = (await ana.request('GET', `/v1/games/${game.id}/state`)).body.view;
  const anaCard: number = anaView.cards[0];
  t.type(anaCard, 'number', 'Ana sees her own card');

  const spectatorReads = [
    await send(app, 'GET', `/v1/games/${game.id}/state`),
    await send(app, 'GET', `/v1/games/${game.id}/state?at=0`),
    await send(app, 'GET', `/v1/games/${game.id}/state?at=1`),
    await send(app, 'GET', `/v1/games/${game.id}/moves`),
    await send(app, 'GET', `/v1/games/${game.id}`),
    await send(app, 'GET', '/v1/games'),
  ].map((r) => JSON.stringify(r.body));
  const benReads = [
    await ben.request('GET', `/v1/games/${game.id}/state`),
    await ben.request('GET', `/v1/games/${game.id}/state?at=1`),
    await ben.request('GET', `/v1/games/${game.id}/moves`),
  ].map((r) => JSON.stringify(r.body));
  const graphqlRead = JSON.stringify(
    await gql(app, `query($id: ID!) { game(id: $id) { seed view { view } history { items { move log } } } }`, { id: game.id }),
  );

  for (const text of [...spectatorReads, graphqlRead]) {
    t.notOk(text.includes(row.seed), 'no seed');
    t.notMatch(text, /"cards":\[[^\]]*\d/, 'no card value in a spectator read');
    t.notMatch(text, /card\.drawn/, 'no private log entry');
  }
  for (const text of benReads) {
    t.notOk(text.includes(row.seed), 'no seed for Ben');
    t.notMatch(text, /card\.drawn/, 'Ben does not see what Ana drew');
    t.notMatch(text, /"cards":\[\d/, "Ben never sees Ana's card");
  }
  const refused = await ben.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'swap' }, expectedVersion: 0 });
  t.notOk(JSON.stringify(refused.body).includes(row.seed), 'no seed in an error');

  const logText = lines.join('');
  t.ok(logText.includes(game.id), 'the log did record the requests');
  t.notOk(logText.includes(row.seed), 'no seed in the logs');
  t.notOk(logText.includes(ana.token) || logText.includes(ben.token), 'no token in the logs');
});
