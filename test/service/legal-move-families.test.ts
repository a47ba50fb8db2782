/**
 * Move families reach clients: GET legal-moves carries `families` (empty where a game lists everything),
 * GraphQL's legalMoveFamilies the same, and a member of a family is accepted as a move.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import t from 'tap';
import { sampleFamily } from '../../src/engine/families.js';
import { Random, createRng } from '../../src/engine/random.js';
import type { MoveFamily } from '../../src/engine/types.js';
import { build, createTestDatabase, gql, player, type Client } from '../helper.js';

/**
 * The deal comes from the game's seed, chosen at random by the server; this test fixes it (before the
 * start, while no one has seen it) so that the same deal and the same moves reach a Mayor choice every run.
 */
async function fixSeed(databaseUrl: string, gameId: string, seed: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const commitment = createHash('sha256').update(seed).digest('hex');
    await client.query('UPDATE games SET seed = $1, seed_commitment = $2 WHERE id = $3', [seed, commitment, gameId]);
  } finally {
    await client.end();
  }
}

t.test('a Puerto Rico Mayor turn offers every arrangement as a family, over REST and GraphQL', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const app = await build(t, { databaseUrl });
  const ana = await player(app, 'Ana');
  const bo = await player(app, 'Bo');
  const id = (await ana.request('POST', '/v1/games', { type: 'puerto-rico', seats: 2 })).body.id;
  await bo.request('POST', `/v1/games/${id}/join`, {});
  await fixSeed(databaseUrl, id, 'families');
  t.equal((await ana.request('POST', `/v1/games/${id}/start`)).status, 200);

  const rng = new Random(createRng('families'));
  const players = [ana, bo];
  let family: MoveFamily | undefined;
  let mover: Client | undefined;
  for (let i = 0; i < 400 && !family; i++) {
    const game = (await ana.request('GET', `/v1/games/${id}`)).body;
    if (game.status !== 'active') break;
    mover = players[game.toMove[0]] as Client;
    const legal = (await mover.request('GET', `/v1/games/${id}/legal-moves`)).body;
    t.ok(Array.isArray(legal.families), 'families is always there');
    family = legal.families[0];
    if (family) break;
    // Build what can be built (buildings make arrangements a real choice), call the Mayor now and then.
    const wanted = legal.moves.find((m: { type: string; role?: string }) => m.type === 'build' || (i > 15 && m.role === 'mayor'));
    await mover.request('POST', `/v1/games/${id}/moves`, { move: wanted ?? rng.pick(legal.moves), expectedVersion: legal.version });
  }
  if (!family || !mover) {
    t.fail('no Mayor arrangement turn came');
    return;
  }
  t.equal(family.type, 'arrange');
  t.ok(family.constraints?.[0]?.sum.length, 'the arrangement adds up to the colonists placed');
  const other = mover === ana ? bo : ana;
  t.same((await other.request('GET', `/v1/games/${id}/legal-moves`)).body.families, [], 'the seat not to act is offered no family');
  const graph = await gql(app, 'query($id: ID!) { game(id: $id) { legalMoveFamilies } }', { id }, mover.token);
  t.same(graph.data.game.legalMoveFamilies, [family], 'GraphQL serves the same family');
  const member = sampleFamily(family, rng);
  const moved = await mover.request('POST', `/v1/games/${id}/moves`, { move: member });
  t.equal(moved.status, 200, `a member is accepted: ${JSON.stringify(member)} ${JSON.stringify(moved.body)}`);
});
