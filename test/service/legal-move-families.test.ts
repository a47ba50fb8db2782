/**
 * Move families reach clients: GET legal-moves carries `families` (empty where a game lists everything),
 * GraphQL's legalMoveFamilies the same, and a member of a family is accepted as a move.
 */
import t from 'tap';
import { sampleFamily } from '../../src/engine/families.js';
import { Random, createRng } from '../../src/engine/random.js';
import type { MoveFamily } from '../../src/engine/types.js';
import { build, gql, player } from '../helper.js';

t.test('a Puerto Rico Mayor turn offers every arrangement as a family, over REST and GraphQL', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const id = (await ana.request('POST', '/v1/games', { type: 'puerto-rico', seats: 3, bots: [{ seat: 1, level: 'random' }, { seat: 2, level: 'random' }] })).body.id;
  await ana.request('POST', `/v1/games/${id}/start`);
  const rng = new Random(createRng('families'));
  let family: MoveFamily | undefined;
  for (let i = 0; i < 400 && !family; i++) {
    await app.bots.idle();
    const legal = (await ana.request('GET', `/v1/games/${id}/legal-moves`)).body;
    t.ok(Array.isArray(legal.families), 'families is always there');
    family = legal.families[0];
    if (family) break;
    if (legal.moves.length === 0) {
      // A bot is still to move (or the game is over): look again once the bots are idle.
      const g = (await ana.request('GET', `/v1/games/${id}`)).body;
      if (g.status !== 'active') { t.comment(JSON.stringify({ status: g.status, version: g.version, toMove: g.toMove, outcome: g.outcome })); break; }
      continue;
    }
    // Build what she can (buildings make arrangements a real choice), then call the Mayor.
    const wanted = legal.moves.find((m: { type: string; role?: string }) => m.type === 'build' || (i > 15 && m.role === 'mayor'));
    await ana.request('POST', `/v1/games/${id}/moves`, { move: wanted ?? rng.pick(legal.moves), expectedVersion: legal.version });
  }
  if (!family) {
    t.fail('no Mayor arrangement turn came');
    return;
  }
  t.equal(family.type, 'arrange');
  t.ok(family.constraints?.[0]?.sum.length, 'the arrangement adds up to the colonists placed');
  const graph = await gql(app, 'query($id: ID!) { game(id: $id) { legalMoveFamilies } }', { id }, ana.token);
  t.same(graph.data.game.legalMoveFamilies, [family], 'GraphQL serves the same family');
  const member = sampleFamily(family, rng);
  const moved = await ana.request('POST', `/v1/games/${id}/moves`, { move: member });
  t.equal(moved.status, 200, `a member is accepted: ${JSON.stringify(member)} ${JSON.stringify(moved.body)}`);
});
