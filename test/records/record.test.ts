/**
 * Game records: a finished game of every hosted game exports and verifies; altered records are refused
 * with the first failing move named; hostile records get a 4xx; an unfinished game's record is redacted
 * like the history.
 */
import t from 'tap';
import { GAMES, createRegistry } from '../../src/games/registry.js';
import { verifyRecord } from '../../src/service/record-verify.js';
import { build, gql, player, send } from '../helper.js';
import { nim } from '../support/nim.js';
import { botGame, quickNim } from './support.js';


for (const game of GAMES) {
  t.test(`${game.id}: a finished game's record verifies`, async (t) => {
    const app = await build(t);
    const owner = await player(app, 'Owner');
    const id = await botGame(app, owner, game.id, game.players.min === 1 ? 2 : game.players.min, game.bot.levels);
    const record = (await send(app, 'GET', `/v1/games/${id}/record`)).body;
    const summary = (await send(app, 'GET', `/v1/games/${id}`)).body;
    t.equal(record.format, 'portolan.game-record');
    t.equal(record.visibility, 'full');
    t.equal(record.seed, summary.seed, 'the seed is in a finished record');
    t.equal(record.moves.length, summary.version, 'every move');
    t.same(record.outcome, summary.outcome);
    const verified = await send(app, 'POST', '/v1/records/verify', record);
    t.equal(verified.status, 200);
    t.same(verified.body, { valid: true, moves: summary.version, outcome: summary.outcome });
  });
}

t.test('altered records are refused, naming the first move that does not replay', async (t) => {
  const app = await build(t);
  const owner = await player(app, 'Owner');
  const id = await botGame(app, owner, 'meuterer', 3, ['greedy']);
  const record = (await send(app, 'GET', `/v1/games/${id}/record`)).body;
  const verify = async (changed: unknown) => (await send(app, 'POST', '/v1/records/verify', changed)).body;
  const clone = () => structuredClone(record);

  const altered = clone();
  const k = Math.floor(altered.moves.length / 2);
  altered.moves[k].move = { type: 'noSuchMove' };
  const alteredAnswer = await verify(altered);
  t.equal(alteredAnswer.valid, false);
  t.equal(alteredAnswer.failure.seq, k + 1, 'the altered move is named');
  t.equal(alteredAnswer.failure.code, 'INVALID_MOVE');

  const seatSwapped = clone();
  seatSwapped.moves[0].seat = (seatSwapped.moves[0].seat + 1) % 3;
  const seatAnswer = await verify(seatSwapped);
  t.equal(seatAnswer.valid, false);
  t.equal(seatAnswer.failure.seq, 1, 'a move by the wrong seat is the first failure');

  const wrongSeed = clone();
  wrongSeed.seed = 'f'.repeat(64);
  t.same((await verify(wrongSeed)).failure, { seq: null, code: 'SEED_MISMATCH', message: 'the SHA-256 of the seed is not the seed commitment' });

  const wrongOutcome = clone();
  wrongOutcome.outcome.scores = wrongOutcome.outcome.scores.map((s: number) => s + 1);
  const outcomeAnswer = await verify(wrongOutcome);
  t.equal(outcomeAnswer.valid, false);
  t.equal(outcomeAnswer.failure.code, 'OUTCOME_MISMATCH');

  const truncated = clone();
  truncated.moves = truncated.moves.slice(0, -1);
  t.equal((await verify(truncated)).failure.code, 'OUTCOME_MISMATCH', 'a finished record whose moves do not end the game');

  const extra = clone();
  extra.moves.push({ ...extra.moves[0], seq: extra.moves.length + 1 });
  t.same((await verify(extra)).failure.seq, extra.moves.length, 'a move after the end');
});

t.test('malformed and hostile records get a clear 4xx', async (t) => {
  const app = await build(t, { recordBodyLimit: 256 * 1024 });
  const ana = await player(app, 'Ana');
  const bob = await player(app, 'Bob');
  const created = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 1 } });
  await bob.request('POST', `/v1/games/${created.body.id}/join`, {});
  await ana.request('POST', `/v1/games/${created.body.id}/start`);
  await ana.request('POST', `/v1/games/${created.body.id}/moves`, { move: { type: 'take', count: 1 } });
  const record = (await send(app, 'GET', `/v1/games/${created.body.id}/record`)).body;
  t.same((await send(app, 'POST', '/v1/records/verify', record)).body.valid, true, 'the original verifies');

  const code = async (body: unknown) => {
    const res = await send(app, 'POST', '/v1/records/verify', body);
    return `${res.status} ${res.body.error?.code}`;
  };
  t.equal(await code({ ...record, moves: 'all of them' }), '400 INVALID_RECORD', 'wrong types');
  t.equal(await code({ ...record, seats: [] }), '400 INVALID_RECORD', 'no seats');
  t.equal(await code([1, 2, 3]), '400 INVALID_RECORD', 'not an object');
  t.equal(await code({ ...record, type: 'chess' }), '400 UNKNOWN_GAME_TYPE');
  t.equal(await code({ ...record, engineVersion: 99 }), '400 UNSUPPORTED_ENGINE_VERSION');
  t.equal(await code({ ...record, seats: [record.seats[0]] }), '400 INVALID_RECORD', 'a seat count the game does not take');
  t.equal(await code({ ...record, options: { stones: -4 } }), '400 INVALID_RECORD', 'options the game refuses');
  const many = Array.from({ length: 20_000 }, (_, i) => ({ seq: i + 1, seat: 0, kind: 'move', move: {}, log: [], at: record.moves[0].at }));
  t.equal(await code({ ...record, moves: many }), '413 PAYLOAD_TOO_LARGE', 'a record over the body limit');
  t.equal(await code({ ...record, seed: null }), '200 undefined', 'no seed is an answer, not an error');
  t.same((await send(app, 'POST', '/v1/records/verify', { ...record, seed: null })).body.failure.code, 'SEED_MISSING');
  t.equal((await send(app, 'GET', '/v1/games/2b1c3f52-3c1e-4d59-9d8a-4a3a0c1f9a11/record')).status, 404);
  t.equal((await send(app, 'GET', `/v1/games/${created.body.id}/record`, undefined, { authorization: 'Bearer nope' })).status, 401);

  const graphql = await gql(app, 'query($r: JSON!) { verifyRecord(record: $r) { valid moves failure { code } } }', { r: record });
  t.same(graphql.data?.verifyRecord, { valid: true, moves: 1, failure: null }, 'GraphQL verifies the same record');
  const bad = await gql(app, 'query($r: JSON!) { verifyRecord(record: $r) { valid } }', { r: { ...record, moves: 5 } });
  t.equal(bad.errors?.[0]?.extensions?.code, 'INVALID_RECORD');
});

t.test('a replay over its time budget is refused', async (t) => {
  const app = await build(t);
  const [ana, bob] = [await player(app, 'Ana'), await player(app, 'Bob')];
  const record = (await send(app, 'GET', `/v1/games/${await quickNim(ana, bob)}/record`)).body;
  t.throws(() => verifyRecord(createRegistry([nim, ...GAMES]), record, -1), { code: 'VERIFY_BUDGET_EXCEEDED', status: 422 });
});

t.test("an unfinished game's record is redacted like the history", async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const bob = await player(app, 'Bob');
  const created = await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 } });
  const id = created.body.id;
  await bob.request('POST', `/v1/games/${id}/join`, {});
  await ana.request('POST', `/v1/games/${id}/start`);
  await ana.request('POST', `/v1/games/${id}/moves`, { move: { type: 'swap' } }); // Ana draws a secret card
  await bob.request('POST', `/v1/games/${id}/moves`, { move: { type: 'take', count: 2 } });

  const anaRecord = (await ana.request('GET', `/v1/games/${id}/record`)).body;
  const bobRecord = (await bob.request('GET', `/v1/games/${id}/record`)).body;
  const publicRecord = (await send(app, 'GET', `/v1/games/${id}/record`)).body;
  t.equal(anaRecord.visibility, 'seat');
  t.equal(anaRecord.viewerSeat, 0);
  t.equal(bobRecord.viewerSeat, 1);
  t.equal(publicRecord.visibility, 'public');
  for (const record of [anaRecord, bobRecord, publicRecord]) t.equal(record.seed, null, 'no seed before the end');
  t.same(anaRecord.moves, (await ana.request('GET', `/v1/games/${id}/moves`)).body.items, "Ana's record is Ana's history");
  t.same(bobRecord.moves, (await bob.request('GET', `/v1/games/${id}/moves`)).body.items, "Bob's record is Bob's history");
  t.same(publicRecord.moves, (await send(app, 'GET', `/v1/games/${id}/moves`)).body.items);
  const drawn = (r: any) => r.moves.flatMap((m: any) => m.log).filter((e: any) => e.type === 'card.drawn');
  t.equal(drawn(anaRecord).length, 1, 'Ana sees the card she drew');
  t.equal(drawn(bobRecord).length, 0, "Bob never sees Ana's card");
  t.equal(drawn(publicRecord).length, 0);
  t.notOk(JSON.stringify(bobRecord).includes('"card"'), "no trace of Ana's card in Bob's record");
  const verified = (await send(app, 'POST', '/v1/records/verify', anaRecord)).body;
  t.same(verified.failure.code, 'SEED_MISSING', 'an unfinished record cannot be replayed');

  const viaGraphql = await gql(app, 'query($id: ID!) { game(id: $id) { record } }', { id }, bob.token);
  t.same(viaGraphql.data?.game.record, bobRecord, 'GraphQL serves the same record');
});
