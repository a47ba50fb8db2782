/** The move-family helpers: each domain, the constraints, membership, enumeration and sampling. */
import t from 'tap';
import { expandFamily, familySize, inFamily, jsonEqual, sampleFamily } from '../../src/engine/families.js';
import { Random, createRng } from '../../src/engine/random.js';
import type { MoveFamily } from '../../src/engine/types.js';

const arrange: MoveFamily = {
  type: 'arrange',
  description: 'three colonists over corn (2 tiles) and a hut (1 circle)',
  fixed: {},
  fields: { 'plantations.corn': { integer: { min: 0, max: 2 } }, 'buildings.hut': { integer: { min: 0, max: 1 } } },
  constraints: [{ sum: ['plantations.corn', 'buildings.hut'], equals: 2 }],
};

t.test('integer fields under a sum constraint: exactly the assignments that meet it', async (t) => {
  const members = expandFamily(arrange);
  t.same(members, [
    { type: 'arrange', plantations: { corn: 1 }, buildings: { hut: 1 } },
    { type: 'arrange', plantations: { corn: 2 }, buildings: { hut: 0 } },
  ]);
  t.equal(familySize(arrange), 2);
  for (const m of members) t.ok(inFamily(arrange, m), 'every member is in the family');
  t.ok(inFamily(arrange, { type: 'arrange', plantations: { corn: 2 } }), 'an integer of 0 may be omitted');
  t.notOk(inFamily(arrange, { type: 'arrange', plantations: { corn: 1 } }), 'the sum must hold');
  t.notOk(inFamily(arrange, { type: 'arrange', plantations: { corn: 3 }, buildings: {} }), 'the bound must hold');
  t.notOk(inFamily(arrange, { type: 'arrange', plantations: { corn: 2, coffee: 0 } }), 'no stray key, even a zero');
  t.notOk(inFamily(arrange, { type: 'build', plantations: { corn: 2 } }), 'the type must match');
  t.notOk(inFamily(arrange, { type: 'arrange', plantations: { corn: 1.5 }, buildings: { hut: 0.5 } }), 'integers only');
});

t.test('weights and min/max bounds', async (t) => {
  const buy: MoveFamily = {
    type: 'buy',
    description: 'apples at 2 and pears at 3, within 7 doubloons, at least one fruit',
    fixed: { market: 'north' },
    fields: { apples: { integer: { min: 0, max: 3 } }, pears: { integer: { min: 0, max: 3 } } },
    constraints: [
      { sum: ['apples', 'pears'], weights: { apples: 2, pears: 3 }, max: 7 },
      { sum: ['apples', 'pears'], min: 1 },
    ],
  };
  const members = expandFamily(buy).map((m) => [m.apples, m.pears]);
  t.same(members, [[0, 1], [0, 2], [1, 0], [1, 1], [2, 0], [2, 1], [3, 0]]);
  t.ok(inFamily(buy, { type: 'buy', market: 'north', apples: 2, pears: 1 }));
  t.notOk(inFamily(buy, { type: 'buy', market: 'south', apples: 2, pears: 1 }), 'fixed fields must match');
  t.notOk(inFamily(buy, { type: 'buy', market: 'north', apples: 1, pears: 2 }), 'over budget');
});

t.test('oneOf and tree domains', async (t) => {
  const sail: MoveFamily = {
    type: 'sail',
    description: 'a ship and a route from A',
    fixed: {},
    fields: {
      ship: { oneOf: [0, 2] },
      route: { tree: [{ value: 'A', next: [{ value: 'B', end: true, next: [{ value: 'C', end: true }] }, { value: 'D', next: [{ value: 'E', end: true }] }] }] },
    },
  };
  const routes = expandFamily(sail).filter((m) => m.ship === 0).map((m) => m.route);
  t.same(routes, [['A', 'B'], ['A', 'B', 'C'], ['A', 'D', 'E']], 'a route ends only at an end node');
  t.equal(familySize(sail), 6);
  t.ok(inFamily(sail, { type: 'sail', ship: 2, route: ['A', 'D', 'E'] }));
  t.notOk(inFamily(sail, { type: 'sail', ship: 2, route: ['A', 'D'] }), 'D is not an end');
  t.notOk(inFamily(sail, { type: 'sail', ship: 1, route: ['A', 'B'] }), 'ship 1 is not offered');
  t.notOk(inFamily(sail, { type: 'sail', ship: 0, route: [] }), 'an empty route is not a route');
});

t.test('bag domains: order free, limits, atLeast, countKey', async (t) => {
  const pay: MoveFamily = {
    type: 'rondel',
    description: 'pay 2 ships from regions 3 (1 ship there) and 5 (2 ships there)',
    fixed: { field: 4 },
    fields: { pay: { bag: { items: [3, 5], size: { min: 2, max: 2 }, limits: [{ items: [0], max: 1 }, { items: [1], max: 2 }] } } },
  };
  t.same(expandFamily(pay).map((m) => m.pay), [[5, 5], [3, 5]]);
  t.ok(inFamily(pay, { type: 'rondel', field: 4, pay: [5, 3] }), 'order does not matter');
  t.notOk(inFamily(pay, { type: 'rondel', field: 4, pay: [3, 3] }), 'only one ship in region 3');
  t.notOk(inFamily(pay, { type: 'rondel', field: 4, pay: [5] }), 'two ships must be paid');

  const paths: MoveFamily = {
    type: 'sail',
    description: 'one to three ships, at least one of them to X',
    fixed: {},
    fields: { paths: { bag: { items: [{ path: [1, 2] }, { path: [1, 9] }], size: { min: 1, max: 3 }, atLeast: [{ items: [1], min: 1 }], countKey: 'count' } } },
  };
  t.equal(familySize(paths), 6);
  t.ok(inFamily(paths, { type: 'sail', paths: [{ path: [1, 9], count: 1 }, { path: [1, 9], count: 1 }] }), 'count 1 twice is count 2');
  t.notOk(inFamily(paths, { type: 'sail', paths: [{ path: [1, 2], count: 2 }] }), 'atLeast must hold');
  t.notOk(inFamily(paths, { type: 'sail', paths: [{ path: [1, 9], count: 0 }] }), 'a count is at least 1');
});

t.test('sampling yields members, deterministically for a seed', async (t) => {
  const draw = (seed: string) => {
    const rng = new Random(createRng(seed));
    return Array.from({ length: 20 }, () => sampleFamily(arrange, rng));
  };
  const drawn = draw('a');
  for (const m of drawn) t.ok(m && inFamily(arrange, m), 'a sample is a member');
  t.ok(jsonEqual(drawn, draw('a')), 'the same seed draws the same samples');
  t.equal(new Set(drawn.map((m) => JSON.stringify(m))).size, 2, 'both members are drawn');
  const empty: MoveFamily = { ...arrange, constraints: [{ sum: ['plantations.corn', 'buildings.hut'], equals: 9 }] };
  t.equal(sampleFamily(empty, new Random(createRng('b'))), null, 'an empty family samples to null');
  t.same(expandFamily(empty), []);
});

t.test('jsonEqual ignores key order and nothing else', async (t) => {
  t.ok(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  t.notOk(jsonEqual({ a: 1 }, { a: 1, b: undefined }));
  t.notOk(jsonEqual([1, 2], [2, 1]));
  t.notOk(jsonEqual({ a: 1 }, [1]));
});
