/**
 * A resigned seat's former player reads the game as a spectator, everywhere: the bot that plays the
 * seat on holds its secrets (kept cards, hidden role choices), and they are no longer the player's.
 */
import t from 'tap';
import { build, gql, player, send } from '../helper.js';

t.test('after resigning in Meuterer, the former player sees what a spectator sees', async (t) => {
  const app = await build(t);
  const [ana, ben, cid] = [await player(app, 'Ana'), await player(app, 'Ben'), await player(app, 'Cid')];
  const game = (await ana.request('POST', '/v1/games', { type: 'meuterer', seats: 3 })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await cid.request('POST', `/v1/games/${game.id}/join`, {});
  t.equal((await ana.request('POST', `/v1/games/${game.id}/start`)).status, 200);

  const before = (await ana.request('GET', `/v1/games/${game.id}/state`)).body;
  t.equal(before.seat, 0, 'while seated, Ana reads through her seat');
  t.ok(before.view.players[0].hand, 'and sees her own hand');

  const resigned = await ana.request('POST', `/v1/games/${game.id}/resign`, {});
  t.equal(resigned.status, 200);
  t.equal(resigned.body.status, 'active', 'two seats stand: the game goes on, a bot plays seat 0');
  await app.bots.idle();
  const version = (await send(app, 'GET', `/v1/games/${game.id}`)).body.version;

  const reads = [
    `/v1/games/${game.id}/state`,
    `/v1/games/${game.id}/state?at=0`,
    `/v1/games/${game.id}/state?at=${version}`,
    `/v1/games/${game.id}/moves`,
    `/v1/games/${game.id}/record`,
  ];
  for (const url of reads) {
    const [mine, spectator] = [await ana.request('GET', url), await send(app, 'GET', url)];
    t.equal(mine.status, 200, url);
    t.same(mine.body, spectator.body, `${url}: Ana's answer is a spectator's`);
  }
  const etags = await Promise.all([
    app.inject({ url: `/v1/games/${game.id}/state`, headers: { authorization: `Bearer ${ana.token}` } }),
    app.inject({ url: `/v1/games/${game.id}/state` }),
  ]);
  t.equal(etags[0].headers.etag, etags[1].headers.etag, 'the ETag (the cache key of a view) is a spectator’s too');

  const query = `query($id: ID!) { game(id: $id) { view { seat view } history { items { move log } } } }`;
  t.same(await gql(app, query, { id: game.id }, ana.token), await gql(app, query, { id: game.id }), 'GraphQL reads as well');

  // Webhook bodies and stream replays read through the same views.
  const anaPlayer = (await app.tokens.authenticate(ana.token)).player;
  t.same(await app.games.eventViews(anaPlayer, game.id, 0, version), await app.games.eventViews(null, game.id, 0, version), 'webhook views');
  t.same((await app.games.eventView(anaPlayer, game.id, 0)).seat, null);

  // Ben, still seated, keeps his seat's view: the rule is about the resigned seat only.
  const ben0 = (await ben.request('GET', `/v1/games/${game.id}/state`)).body;
  t.equal(ben0.seat, 1);
  t.ok(ben0.view.players[1].hand);
});

t.test("a resigned seat's turns, played by the bot, start no turn.started for its former player", async (t) => {
  const app = await build(t, { webhooks: { allowedHosts: ['127.0.0.1'] } });
  const [ana, ben, cid] = [await player(app, 'Ana'), await player(app, 'Ben'), await player(app, 'Cid')];
  const hook = (await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['turn.started'] })).body;
  t.ok(hook.id);
  const game = (await ana.request('POST', '/v1/games', { type: 'meuterer', seats: 3 })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await cid.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  const resignedAt = (await ana.request('POST', `/v1/games/${game.id}/resign`, {})).body.seq;

  // Ben and Cid play their first legal move each time until seat 0 (the bot now) has been to move a few times.
  let botTurns = 0;
  for (let i = 0; i < 60 && botTurns < 3; i++) {
    await app.bots.idle();
    const state = (await send(app, 'GET', `/v1/games/${game.id}`)).body;
    if (state.status !== 'active') break;
    const mover = state.toMove.includes(1) ? ben : state.toMove.includes(2) ? cid : null;
    if (!mover) continue;
    const legal = (await mover.request('GET', `/v1/games/${game.id}/legal-moves`)).body;
    if (legal.moves.length === 0) continue;
    await mover.request('POST', `/v1/games/${game.id}/moves`, { move: legal.moves[0], expectedVersion: state.version });
    const moves = (await send(app, 'GET', `/v1/games/${game.id}/moves?after=${state.version}`)).body.items;
    botTurns += moves.filter((m: { seat: number }) => m.seat === 0).length;
  }
  t.ok(botTurns > 0, `the bot played seat 0 (${botTurns} moves)`);
  const started = await app.db.webhookDelivery.findMany({ where: { endpointId: hook.id, eventType: 'turn.started', seq: { gt: resignedAt } } });
  t.same(started, [], 'no turn.started for Ana after her resignation');
});
