/**
 * The operator API, on two instances of one database: a ban stops the player's token on the other
 * instance within a second and a bot plays its seat; an adjudicated game's record verifies; the audit log
 * lists every action and refuses to be changed.
 */
import pg from 'pg';
import t from 'tap';
import { build, createTestDatabase, player, send, type Client } from '../helper.js';

const KEY = 'operator-key-for-tests-0123456789abcdef';
const asOperator = { authorization: `Bearer ${KEY}`, 'x-operator': 'Olga' };

async function startedGame(creator: Client, others: Client[], body: object): Promise<string> {
  const game = await creator.request('POST', '/v1/games', body);
  if (game.status !== 201) throw new Error(JSON.stringify(game.body));
  for (const other of others) await other.request('POST', `/v1/games/${game.body.id}/join`, {});
  const started = await creator.request('POST', `/v1/games/${game.body.id}/start`);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return game.body.id;
}

t.test('ban on one instance, 401 on the other within a second, a bot plays the seat; adjudication; the audit log', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const one = await build(t, { databaseUrl, adminKey: KEY });
  const two = await build(t, { databaseUrl, adminKey: KEY });
  const ana = await player(one, 'Ana');
  const ben = await player(one, 'Ben');
  const cyd = await player(one, 'Cyd');

  // Ben's token is known (cached) on instance two before the ban.
  t.equal((await send(two, 'GET', '/v1/me/turns', undefined, { authorization: `Bearer ${ben.token}` })).status, 200);
  const pr = await startedGame(ana, [ben], { type: 'puerto-rico', seats: 3, bots: [{ seat: 2, level: 'greedy' }] });
  const nim = await startedGame(ana, [cyd], { type: 'nim', seats: 2, options: { stones: 7 } });
  t.equal((await ana.request('POST', `/v1/games/${nim}/moves`, { move: { type: 'take', count: 2 } })).status, 200);

  // Only the operator: a player's token is refused, and so is a bad ban body.
  t.equal((await ana.request('POST', `/v1/admin/players/${ben.id}/ban`, { reason: 'x' })).status, 401);
  const badBody = await send(one, 'POST', `/v1/admin/players/${ben.id}/ban`, { reason: '', seats: 'bots' }, asOperator);
  t.equal(badBody.status, 400);

  const banned = await send(one, 'POST', `/v1/admin/players/${ben.id}/ban`, { reason: 'abusive chat', seats: 'bots' }, asOperator);
  const bannedAt = performance.now();
  t.equal(banned.status, 200, banned.status === 200 ? 'banned' : JSON.stringify(banned.body));
  t.ok(banned.body.player.bannedAt);
  t.same(banned.body.games, [{ gameId: pr, action: 'seats-to-bots' }]);
  // On the other instance, which had the token cached: refused within a second.
  let refusedAfterMs = Infinity;
  while (performance.now() - bannedAt < 5_000) {
    const res = await send(two, 'GET', '/v1/me/turns', undefined, { authorization: `Bearer ${ben.token}` });
    if (res.status === 401) {
      refusedAfterMs = performance.now() - bannedAt;
      t.equal(res.body.error.code, 'TOKEN_REVOKED');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  t.ok(refusedAfterMs < 1_000, `the token was refused on the other instance ${refusedAfterMs.toFixed(0)} ms after the ban`);
  t.equal((await ben.request('GET', '/v1/me/turns')).status, 401, 'and on the instance that banned');

  // Ben's seat resigned (logged) and is played by a bot: Ana plays her turns until seat 1 has moved.
  let botMoved = false;
  for (let i = 0; i < 400 && !botMoved; i++) {
    const history = await send(one, 'GET', `/v1/games/${pr}/moves?limit=200`);
    const resignAt = history.body.items.find((m: any) => m.kind === 'resign' && m.seat === 1)?.seq;
    t.ok(resignAt, 'the seat was resigned in the log');
    botMoved = history.body.items.some((m: any) => m.kind === 'move' && m.seat === 1 && m.seq > resignAt);
    if (botMoved) break;
    const game = (await ana.request('GET', `/v1/games/${pr}`)).body;
    if (game.toMove.includes(0)) {
      const legal = (await ana.request('GET', `/v1/games/${pr}/legal-moves`)).body;
      await ana.request('POST', `/v1/games/${pr}/moves`, { move: legal.moves[0], expectedVersion: legal.version });
    } else {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  t.ok(botMoved, 'a bot played the banned player\'s seat');

  // Adjudication: refused when it does not name every seat once (nothing changes), then accepted.
  const wrong = await send(one, 'POST', `/v1/admin/games/${nim}/adjudicate`, { ranking: [[1]], reason: 'stuck' }, asOperator);
  t.equal(wrong.status, 400);
  t.equal(wrong.body.error.code, 'INVALID_ADJUDICATION');
  t.equal((await send(one, 'GET', `/v1/games/${nim}`)).body.version, 1, 'nothing changed');
  const adjudicated = await send(two, 'POST', `/v1/admin/games/${nim}/adjudicate`, { ranking: [[1], [0]], scores: [0, 1], reason: 'Ana left the game' }, asOperator);
  t.equal(adjudicated.status, 200, adjudicated.status === 200 ? 'adjudicated' : JSON.stringify(adjudicated.body));
  t.same(adjudicated.body.outcome.winners, [1]);
  t.match(adjudicated.body.log[0].text, /The operator ended the game: Cyd 1st, Ana 2nd\./);
  const summary = (await send(one, 'GET', `/v1/games/${nim}`)).body;
  t.equal(summary.status, 'finished');
  t.equal(summary.version, 2);
  const record = (await send(one, 'GET', `/v1/games/${nim}/record`)).body;
  t.equal(record.moves.at(-1).kind, 'adjudicate');
  const verified = await send(one, 'POST', '/v1/records/verify', record);
  t.equal(verified.status, 200);
  t.same(verified.body, { valid: true, moves: 2, outcome: record.outcome }, 'the adjudicated record verifies');
  const forged = { ...record, moves: record.moves.map((m: any) => (m.kind === 'adjudicate' ? { ...m, move: { ...m.move, ranking: [[0], [1]] } } : m)) };
  t.equal((await send(one, 'POST', '/v1/records/verify', forged)).body.failure.code, 'OUTCOME_MISMATCH', 'a changed result does not');
  t.equal((await cyd.request('POST', `/v1/games/${nim}/moves`, { move: { type: 'take', count: 1 } })).body.error.code, 'GAME_OVER');

  // The audit log: both actions, who, why; newest first.
  const log = await send(one, 'GET', '/v1/admin/audit-log', undefined, asOperator);
  t.equal(log.status, 200);
  t.same(log.body.items.map((e: any) => [e.action, e.targetId, e.actor, e.reason]), [
    ['game.adjudicate', nim, 'Olga', 'Ana left the game'],
    ['player.ban', ben.id, 'Olga', 'abusive chat'],
  ]);
  t.same(log.body.items[1].details.games, [{ gameId: pr, action: 'seats-to-bots' }]);
  const filtered = await send(one, 'GET', `/v1/admin/audit-log?targetType=player&targetId=${ben.id}`, undefined, asOperator);
  t.equal(filtered.body.items.length, 1);

  // Nothing deletes or changes an entry, not even SQL.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  t.teardown(() => client.end());
  await t.rejects(client.query('DELETE FROM admin_audit_log'), /append-only/);
  await t.rejects(client.query("UPDATE admin_audit_log SET reason = 'nothing'"), /append-only/);
  await t.rejects(client.query('TRUNCATE admin_audit_log'), /append-only/);
  t.equal((await client.query('SELECT count(*)::int AS n FROM admin_audit_log')).rows[0].n, 2);

  // Unbanning: the revoked token stays revoked; the new one the answer carries works on both instances.
  const unbanned = await send(two, 'POST', `/v1/admin/players/${ben.id}/unban`, { reason: 'appeal granted' }, asOperator);
  t.equal(unbanned.status, 200);
  t.equal(unbanned.body.player.bannedAt, null);
  t.equal((await send(one, 'GET', '/v1/me/turns', undefined, { authorization: `Bearer ${ben.token}` })).status, 401);
  for (const app of [one, two]) t.equal((await send(app, 'GET', '/v1/me/turns', undefined, { authorization: `Bearer ${unbanned.body.token}` })).status, 200);
  const players = await send(one, 'GET', '/v1/admin/players?name=be', undefined, asOperator);
  t.same(players.body.items.map((p: any) => p.name), ['Ben']);
});

t.test('abort, webhooks and stuck deliveries', async (t) => {
  const app = await build(t, { adminKey: KEY, webhooks: { allowedHosts: ['127.0.0.1'] } });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const hook = await ana.request('POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/nowhere', events: ['move.made'] });
  t.equal(hook.status, 201);
  const nim = await startedGame(ana, [ben], { type: 'nim', seats: 2, options: { stones: 7 } });
  t.equal((await ana.request('POST', `/v1/games/${nim}/moves`, { move: { type: 'take', count: 1 } })).status, 200);

  const disabled = await send(app, 'POST', `/v1/admin/webhooks/${hook.body.id}/disable`, { reason: 'hammering a closed port' }, asOperator);
  t.equal(disabled.status, 200);
  t.equal(disabled.body.enabled, false);
  t.match(disabled.body.disabledReason, /operator: hammering/);
  t.equal((await ana.request('GET', `/v1/webhooks/${hook.body.id}`)).body.enabled, false, 'the owner sees it disabled');

  const deliveries = (await ana.request('GET', `/v1/webhooks/${hook.body.id}/deliveries`)).body.items;
  t.equal(deliveries.length, 1);
  const deliveryId = deliveries[0].id;
  const dropped = await send(app, 'POST', `/v1/admin/deliveries/${deliveryId}/drop`, { reason: 'receiver gone' }, asOperator);
  t.same(dropped.body, { id: deliveryId, status: 'failed' });
  const retried = await send(app, 'POST', `/v1/admin/deliveries/${deliveryId}/retry`, { reason: 'try once more' }, asOperator);
  t.same(retried.body, { id: deliveryId, status: 'pending' });
  t.equal((await send(app, 'POST', '/v1/admin/deliveries/msg_nope/retry', { reason: 'x' }, asOperator)).body.error.code, 'DELIVERY_NOT_FOUND');

  const aborted = await send(app, 'POST', `/v1/admin/games/${nim}/abort`, { reason: 'test game' }, asOperator);
  t.equal(aborted.status, 200);
  t.equal(aborted.body.status, 'aborted');
  t.equal((await ben.request('POST', `/v1/games/${nim}/moves`, { move: { type: 'take', count: 1 } })).status, 409, 'no move after an abort');
  t.equal((await send(app, 'POST', `/v1/admin/games/${nim}/abort`, { reason: 'again' }, asOperator)).status, 409);
  const listed = await send(app, 'GET', '/v1/admin/games?status=aborted', undefined, asOperator);
  t.same(listed.body.items.map((g: any) => g.id), [nim]);
  const log = (await send(app, 'GET', '/v1/admin/audit-log', undefined, asOperator)).body.items.map((e: any) => e.action);
  t.same(log, ['game.abort', 'delivery.retry', 'delivery.drop', 'webhook.disable'], 'every action, newest first');
  t.equal((await send(app, 'GET', '/v1/admin/audit-log?cursor=bm9wZQ', undefined, asOperator)).status, 400);
});

t.test('without ADMIN_KEY the admin API does not exist', async (t) => {
  const app = await build(t);
  const res = await send(app, 'GET', '/v1/admin/audit-log');
  t.equal(res.status, 404);
});
