/**
 * Abuse test: a seeded stream of schema-violating requests across every REST operation (taken from the
 * app's OpenAPI document, so new routes are covered) and every GraphQL query and mutation field. Every
 * answer is a 4xx in its API's error shape (with `nosniff`), nothing is stored, the process stays up,
 * and no request takes more than 250 ms (one that does is tried twice more: only a request slow every
 * time fails, not a moment of load on a shared machine). Among the inputs: JSON nested 10,000 levels
 * deep (with and without an Idempotency-Key), cursors that decode to far-past dates or hold NUL bytes,
 * dates outside what Postgres stores.
 * FUZZ_REQUESTS=N (default 2000; try 20000) and FUZZ_SEED=S change the run; a failure names the seed and request.
 */
import t from 'tap';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { getNamedType, getNullableType, isListType, isNonNullType, isScalarType, type GraphQLField } from 'graphql';
import { build, player, type Client } from '../helper.js';
import { fillPath, operationsOf, type Operation } from '../support/operations.js';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

/** mulberry32: small, seeded, good enough to pick cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof prng>;

/** Values that break any schema they are put in, whatever it expects. */
const BAD_VALUES: readonly unknown[] = [
  2147483648, -1, -2147483649, 1e308, 1.5, 'not-a-number', 'a\u0000b', 'x\u001b[31m', '', 'x'.repeat(5000), true, null,
  [], [1, 'two', null], {}, { nested: { deeper: ['\u0000'] } }, '00000000-0000-4000-8000-00000000000Z', '<script>alert(1)</script>',
];
/** Values no field of any body accepts (typed fields refuse the type or the NUL; free JSON refuses the NUL). */
const NEVER_VALID: readonly unknown[] = ['a\u0000b', { nested: ['\u0000'] }, ['\u0001'], 'x\u001b[31m'];
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const FAR_PAST = new Date(-8.64e15).toISOString();
/** Cursors shaped like this service's (date|id, date|id|seat, ordinal|rank|subject) holding what Postgres refuses. */
const BAD_CURSORS = [
  b64(`${FAR_PAST}|00000000-0000-4000-8000-000000000000`), b64(`${FAR_PAST}|00000000-0000-4000-8000-000000000000|0`),
  b64(`${new Date(8.64e15).toISOString()}|00000000-0000-4000-8000-000000000000`), b64(`${new Date().toISOString()}|a\u0000b`),
  b64('1|1|a\u0000b'), b64('1e400|1|p'), b64(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000000|99999999`),
];
const BAD_QUERY_VALUES = ['99999999999999999999', '-1', '2147483648', 'abc', '%00', '1.5', '%E0%A4%A', 'a'.repeat(300), encodeURIComponent(FAR_PAST), ...BAD_CURSORS];
/** JSON nested 10,000 levels deep, as text (it cannot be built as a value and stringified). */
const deepJson = (depth = 10_000) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const deepArray = (depth = 10_000) => '['.repeat(depth) + ']'.repeat(depth);
const SLOW_MS = 250;
const BAD_PATH_VALUES = ['not-a-uuid', 'a'.repeat(150), '%00', '..%2F..%2Fetc', '-1', '00000000-0000-4000-8000-00000000000Z', '%E0%A4%A'];

function bodyOf(operation: Operation): any {
  return operation.spec.requestBody?.content?.['application/json']?.schema;
}

/** One request to `operation` that breaks its schema in at least one way. */
function restRequest(rng: Rng, operation: Operation, ids: { game: string; token: string }): InjectOptions {
  const headers: Record<string, string> = {};
  let url = fillPath(operation.path, () => ids.game);
  let payload: string | undefined;
  const violations = new Set<string>();
  const want = (name: string, p: number) => rng.chance(p) && violations.add(name);

  if (operation.path.includes('{') && want('path', 0.3)) {
    url = operation.path.replace(/\{\w+\}/g, () => rng.pick(BAD_PATH_VALUES));
  }
  const query = (operation.spec.parameters ?? []).filter((p: any) => p.in === 'query');
  if (query.length > 0 && want('query', 0.4)) {
    url += `?${query.map((p: any) => `${p.name}=${rng.pick(BAD_QUERY_VALUES)}`).join('&')}`;
  }
  const schema = bodyOf(operation);
  if (schema && want('body', 0.8)) {
    headers['content-type'] = 'application/json';
    const properties = Object.keys(schema.properties ?? {});
    const shape = rng.pick(['not-an-object', 'bad-field', 'extra-field', 'broken-json', 'wrong-type-header', 'deep-json']);
    if (shape === 'deep-json') {
      // Deep in a field (a move, game options, record options) or as the whole body; sometimes idempotent.
      const deep = rng.chance(0.5) ? deepJson() : deepArray();
      payload = properties.length > 0 && rng.chance(0.7) ? `{"${rng.pick(properties)}":${deep}}` : deep;
      if (rng.chance(0.5)) headers['idempotency-key'] = `fuzz-${Math.floor(rng.next() * 1e9)}`;
    } else if (shape === 'not-an-object') payload = JSON.stringify(rng.pick([5, 'text', [1, 2], true, null]));
    else if (shape === 'broken-json') payload = rng.pick(['{"a":', '{,}', '\u0000', '{"__proto__":{"x":1}}', '[']);
    else if (shape === 'wrong-type-header') {
      headers['content-type'] = rng.pick(['application/xml', 'text/html', 'multipart/form-data; boundary=x']);
      payload = '<x/>';
    } else if (shape === 'extra-field' && schema.additionalProperties === false) {
      payload = JSON.stringify({ [`unknown${Math.floor(rng.next() * 100)}`]: rng.pick(BAD_VALUES) });
    } else if (properties.length > 0) {
      // Any mix of bad values, and one that no schema accepts, so that the request is always invalid.
      const body: Record<string, unknown> = Object.fromEntries(properties.map((p) => [p, rng.pick(BAD_VALUES)]));
      body[rng.pick(properties)] = rng.pick(NEVER_VALID);
      payload = JSON.stringify(body);
    } else payload = JSON.stringify(rng.pick([5, 'text', [1, 2]]));
  }
  // A forged token breaks every request, whatever it asks: the guaranteed violation.
  if (violations.size === 0 || rng.chance(0.2)) headers.authorization = `Bearer ${rng.pick(['forged', 'ptl_' + 'x'.repeat(40), ''])}`;
  else headers.authorization = `Bearer ${ids.token}`;
  if (headers.authorization === 'Bearer ') headers.authorization = 'Basic dXNlcjpwYXNz';
  return { method: operation.method as InjectOptions['method'], url, headers, ...(payload === undefined ? {} : { payload }) };
}

/** A GraphQL literal that does not fit `field`'s argument types, a missing argument, or an unknown one. */
function graphqlRequest(rng: Rng, field: GraphQLField<unknown, unknown>, operation: 'query' | 'mutation'): string {
  const args = field.args;
  const badLiteral = (typeName: string) => {
    switch (typeName) {
      case 'Int':
        return rng.pick(['2147483648', '"seven"', '1.5', '[1]']);
      case 'String':
        return rng.pick(['5', '{ a: 1 }', '"a\\u0000b"', '"x\\u0007"']);
      case 'ID': // an ID takes integer literals too
        return rng.pick(['true', '{ a: 1 }', '"a\\u0000b"', '[1]']);
      case 'Boolean':
        return rng.pick(['"yes"', '1']);
      case 'JSON':
        return rng.pick(['"a\\u0000"', '{ k: "\\u0001" }', '[$undefinedVariable]']);
      default:
        return rng.pick(['"nope"', '12', 'NOT_A_VALUE']);
    }
  };
  const shape = rng.pick(['wrong-type', 'unknown-argument', 'missing-required', 'bad-selection']);
  let argText = args.map((a) => `${a.name}: ${badLiteral(getNamedType(a.type).name)}`);
  if (shape === 'unknown-argument' || args.length === 0) argText = [`zz${Math.floor(rng.next() * 9)}: 1`];
  if (shape === 'missing-required' && args.some((a) => isNonNullType(a.type))) argText = [];
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || (isListType(getNullableType(field.type)) && isScalarType(named)) ? '' : '{ __typename }';
  const brokenSelection = shape === 'bad-selection' ? (selection ? '{ noSuchField }' : '{ __typename }') : selection;
  return `${operation} { ${field.name}${argText.length > 0 ? `(${argText.join(', ')})` : ''} ${brokenSelection} }`;
}

async function counts(app: FastifyInstance) {
  return {
    players: await app.db.player.count(),
    games: await app.db.game.count(),
    moves: await app.db.move.count(),
    seats: await app.db.seat.count(),
    webhooks: await app.db.webhookEndpoint.count(),
    idempotency: await app.db.idempotencyKey.count(),
  };
}

async function startedNim(ana: Client, ben: Client): Promise<string> {
  const game = (await ana.request('POST', '/v1/games', { type: 'nim', seats: 2, options: { stones: 20 } })).body;
  await ben.request('POST', `/v1/games/${game.id}/join`, {});
  await ana.request('POST', `/v1/games/${game.id}/start`);
  await ana.request('POST', `/v1/games/${game.id}/moves`, { move: { type: 'take', count: 1 } });
  return game.id;
}

t.test(`${TOTAL} schema-violating requests (seed ${SEED}): no 5xx, every error in shape, nothing stored`, async (t) => {
  const app = await build(t, { workers: false });
  const ana = await player(app, 'Ana');
  const ben = await player(app, 'Ben');
  const game = await startedNim(ana, ben);
  const before = await counts(app);
  const rng = prng(SEED);

  const operations = operationsOf(app);
  t.ok(operations.length >= 20, `${operations.length} REST operations`);
  const schema = app.graphql.schema;
  const fields = [
    ...Object.values(schema.getQueryType()!.getFields()).map((f) => ({ f, op: 'query' as const })),
    ...Object.values(schema.getMutationType()!.getFields()).map((f) => ({ f, op: 'mutation' as const })),
  ];

  let failures = 0;
  const fail = (index: number, what: string, detail: unknown) => {
    if (failures++ < 10) t.fail(`request ${index} (seed ${SEED}): ${what}`, { detail });
  };
  /** Runs a request; one over SLOW_MS is tried twice more (it changes nothing), and slow only if slow every time. */
  let slowest = { ms: 0, what: '' };
  const timed = async (index: number, what: string, request: InjectOptions) => {
    let best = Infinity;
    let res!: Awaited<ReturnType<FastifyInstance['inject']>>;
    for (let attempt = 0; attempt < 3 && best > SLOW_MS; attempt++) {
      const started = performance.now();
      res = await app.inject(request);
      best = Math.min(best, performance.now() - started);
    }
    if (best > slowest.ms) slowest = { ms: best, what };
    if (best > SLOW_MS) fail(index, `${what} took ${Math.round(best)} ms (over ${SLOW_MS} ms three times)`, { request: { ...request, payload: String(request.payload ?? '').slice(0, 200) } });
    if (res.headers['x-content-type-options'] !== 'nosniff') fail(index, `${what}: no nosniff header`, res.headers);
    return res;
  };
  const restShare = 0.75;
  for (let i = 0; i < TOTAL; i++) {
    if (rng.chance(restShare)) {
      const request = restRequest(rng, rng.pick(operations), { game, token: ana.token });
      const res = await timed(i, `${request.method} ${String(request.url).slice(0, 120)}`, request);
      let body: any = null;
      try {
        body = res.json();
      } catch {
        // not JSON: reported below
      }
      if (res.statusCode < 400 || res.statusCode >= 500) fail(i, `${request.method} ${String(request.url).slice(0, 200)} answered ${res.statusCode}`, { request: { ...request, payload: String(request.payload ?? '').slice(0, 200) }, body: res.body.slice(0, 300) });
      else if (typeof body?.error?.code !== 'string' || !/^[A-Z_]+$/.test(body.error.code) || typeof body.error.message !== 'string') {
        fail(i, `${request.method} ${String(request.url).slice(0, 200)}: not in the error shape`, { request: { ...request, payload: String(request.payload ?? '').slice(0, 200) }, body: res.body.slice(0, 300) });
      }
    } else {
      const { f, op } = rng.pick(fields);
      const query = graphqlRequest(rng, f, op);
      // Now and then with variables nested 10,000 levels deep (refused while the body is parsed).
      const payload = rng.chance(0.05) ? `{"query":${JSON.stringify(query)},"variables":{"v":${deepArray()}}}` : JSON.stringify({ query });
      const res = await timed(i, `GraphQL ${query.slice(0, 120)}`, { method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' }, payload });
      const body = res.json();
      const codes = (body.errors ?? []).map((e: any) => e.extensions?.code);
      if (res.statusCode >= 500) fail(i, `GraphQL ${query} answered ${res.statusCode}`, body);
      else if (codes.length === 0 || codes.some((c: unknown) => typeof c !== 'string' || c === 'INTERNAL')) fail(i, `GraphQL ${query}: errors without codes`, body);
    }
  }
  t.equal(failures, 0, 'every request was refused cleanly, none over 250 ms');
  t.comment(`slowest request: ${Math.round(slowest.ms)} ms (${slowest.what})`);
  t.same(await counts(app), before, 'nothing stored');
  t.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process is up');
  t.equal((await ana.request('GET', `/v1/games/${game}`)).body.version, 1, 'the game is as it was');
});
