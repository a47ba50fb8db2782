/**
 * The OpenAPI document tells the truth: for a set of real requests over HTTP (every operation's
 * success and at least one of its errors), the status the server answers is documented for that
 * operation, with the documented media type, and the body validates (ajv, JSON Schema 2020-12)
 * against the documented schema.
 */
import t from 'tap';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { build, player } from '../helper.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: object };

const doc = JSON.parse(await readFile(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(formats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
const validators = new Map<string, ValidateFunction>();

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    operation,
  })),
);

function operationFor(method: string, url: string): Operation {
  const path = url.split('?')[0]!;
  const found = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!found) throw new Error(`no documented operation for ${method} ${path}`);
  return found.operation;
}

function validatorFor(operation: Operation, status: string, media: string): ValidateFunction {
  const key = `${operation.operationId} ${status} ${media}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = operation.responses[status]?.content?.[media]?.schema;
    // The response schema becomes the root, with the document's components beside it for its $refs.
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(key, validate);
  }
  return validate;
}

t.test('every answer to a set of real requests is documented and matches its schema', async (t) => {
  const adminKey = 'operator-key-for-conformance-0123456789';
  const app = await build(t, { webhooks: { allowedHosts: ['127.0.0.1'] }, adminKey });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const seen = new Map<string, Set<number>>();

  /** Sends a request, checks its answer against the document, and returns the parsed body. */
  async function call(method: string, url: string, expected: number, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const abort = new AbortController();
    const res = await fetch(base + url, { method, headers, body, signal: abort.signal });
    const operation = operationFor(method, url);
    const label = `${method} ${url} (${operation.operationId}) answered ${res.status}`;
    t.equal(res.status, expected, label);
    const documented = operation.responses[String(res.status)];
    t.ok(documented, `${label}: the status is documented`);
    seen.set(operation.operationId, (seen.get(operation.operationId) ?? new Set()).add(res.status));
    const media = (res.headers.get('content-type') ?? '').split(';')[0]!;
    if (media === 'text/event-stream') {
      t.ok(documented?.content?.[media], `${label}: documented as an event stream`);
      abort.abort();
      return null;
    }
    const text = await res.text();
    if (!documented?.content) {
      t.equal(text, '', `${label}: documented without a body, sent none`);
      return null;
    }
    if (media === 'application/x-ndjson') {
      t.ok(documented.content[media], `${label}: documented as ndjson`);
      return text;
    }
    t.equal(media, 'application/json', label);
    const json = JSON.parse(text);
    const validate = validatorFor(operation, String(res.status), media);
    t.ok(validate(json), `${label}: the body matches the documented schema ${JSON.stringify(validate.errors)}`);
    return json;
  }

  const none = '00000000-0000-4000-8000-000000000000';
  await call('GET', '/healthz', 200);
  await call('GET', '/readyz', 200);

  const ana = await call('POST', '/v1/players', 201, { body: { name: 'Ana' } });
  await call('POST', '/v1/players', 400, { body: { name: '' } });
  const ben = (await player(app, 'Ben')).token;
  const cy = (await player(app, 'Cy')).token;
  const a = ana.token as string;
  await call('GET', '/v1/me', 200, { token: a });
  await call('GET', '/v1/me', 401);
  await call('GET', '/v1/game-types', 200);
  await call('GET', '/v1/game-types', 401, { token: 'unknown-token' });
  await call('GET', '/v1/game-types/nim', 200);
  await call('GET', '/v1/game-types/nope', 404);
  await call('GET', '/v1/game-types/nim/refusals?lang=ja', 200);
  await call('GET', '/v1/game-types/nope/refusals', 404);

  const game = await call('POST', '/v1/games', 201, { token: a, body: { type: 'nim', seats: 2, options: { stones: 20 } } });
  await call('POST', '/v1/games', 400, { token: a, body: { type: 'nim', seats: 'two' } });
  await call('POST', '/v1/games', 401, { body: { type: 'nim', seats: 2 } });
  await call('POST', '/v1/games', 413, { token: a, body: { type: 'nim', seats: 2, options: { pad: 'x'.repeat(70_000) } } });
  await call('POST', '/v1/games', 415, { token: a, body: '<game/>', headers: { 'content-type': 'application/xml' } });
  const g = `/v1/games/${game.id}`;
  await call('POST', `${g}/join`, 200, { token: ben, body: {} });
  await call('POST', `${g}/join`, 409, { token: cy, body: {} });
  await call('POST', `${g}/start`, 403, { token: ben });
  await call('POST', `${g}/start`, 200, { token: a });
  await call('POST', `${g}/abort`, 409, { token: a });

  const botGame = await call('POST', '/v1/games', 201, { token: a, body: { type: 'nim', seats: 2 } });
  const b = `/v1/games/${botGame.id}`;
  await call('POST', `${b}/bots`, 403, { token: ben, body: { seat: 1, level: 'random' } });
  await call('POST', `${b}/bots`, 200, { token: a, body: { seat: 1, level: 'random' } });
  await call('GET', `${b}/state`, 409, { token: a });
  await call('POST', `${b}/abort`, 200, { token: a });
  await call('POST', `${b}/resign`, 409, { token: a, body: {} });

  await call('GET', '/v1/games?limit=5', 200);
  await call('GET', '/v1/games?cursor=bogus', 400);
  const read = await fetch(`${base}${g}`);
  await read.arrayBuffer();
  await call('GET', g, 200);
  await call('GET', g, 304, { headers: { 'if-none-match': read.headers.get('etag')! } });
  await call('GET', '/v1/games/not-a-uuid', 400);
  await call('GET', `/v1/games/${none}`, 404);

  const hook = await call('POST', '/v1/webhooks', 201, { token: a, body: { url: 'http://127.0.0.1:9/hook', events: ['move.made'], gameId: game.id } });
  await call('POST', '/v1/webhooks', 400, { token: a, body: { url: 'ftp://127.0.0.1/hook', events: ['move.made'] } });
  const w = `/v1/webhooks/${hook.id}`;

  await call('POST', `${g}/moves`, 200, { token: a, body: { move: { type: 'take', count: 1 }, expectedVersion: 0 } });
  await call('POST', `${g}/moves`, 409, { token: a, body: { move: { type: 'take', count: 1 } } });
  await call('POST', `${g}/moves`, 400, { token: ben, body: { move: { type: 'take', count: 9 } } });
  await call('POST', `${g}/moves`, 200, { token: ben, body: { move: { type: 'take', count: 1 } }, headers: { 'idempotency-key': 'k1' } });
  await call('POST', `${g}/moves`, 422, { token: ben, body: { move: { type: 'take', count: 2 } }, headers: { 'idempotency-key': 'k1' } });
  await call('GET', `${g}/state`, 200, { token: a });
  await call('GET', `${g}/state?at=1`, 200);
  await call('GET', `${g}/state?at=x`, 400);
  await call('GET', `${g}/legal-moves`, 200, { token: a });
  await call('GET', `${g}/legal-moves`, 401);
  await call('GET', `${g}/legal-moves`, 403, { token: cy });
  await call('GET', `${g}/moves?limit=1`, 200, { token: ben });
  await call('GET', `${g}/moves?cursor=x`, 400);
  await call('GET', `/v1/games/${none}/moves`, 404);
  await call('GET', '/v1/me/turns', 200, { token: a });
  await call('GET', '/v1/me/turns', 401, { token: 'unknown-token' });
  await call('GET', `${g}/events`, 200, { token: ben });
  await call('GET', `/v1/games/${none}/events`, 404);
  await call('GET', '/v1/me/events', 200, { token: a });
  await call('GET', '/v1/me/events', 401);
  await call('GET', `${g}/updates`, 200);
  await call('GET', `/v1/games/${none}/updates`, 404);
  await call('POST', `${g}/undo`, 409, { token: a, body: {} }); // Ben moved last
  await call('POST', `${g}/undo`, 200, { token: ben, body: {} });

  await call('POST', `${w}/disable`, 200, { token: a }); // its deliveries of the moves above wait
  await call('POST', `/v1/webhooks/${none}/disable`, 404, { token: a });
  await call('GET', '/v1/webhooks', 200, { token: a });
  await call('GET', '/v1/webhooks', 401);
  await call('GET', w, 200, { token: a });
  await call('GET', w, 404, { token: ben });
  await call('PATCH', w, 200, { token: a, body: { description: 'my bot' } });
  await call('PATCH', w, 400, { token: a, body: { colour: 'red' } });
  await call('POST', `${w}/rotate-secret`, 200, { token: a });
  await call('POST', `/v1/webhooks/${none}/rotate-secret`, 404, { token: a });
  const deliveries = await call('GET', `${w}/deliveries`, 200, { token: a });
  await call('GET', '/v1/webhooks/nope/deliveries', 400, { token: a });
  const delivery = `${w}/deliveries/${deliveries.items[0].id}`;
  await call('GET', delivery, 200, { token: a });
  await call('GET', `${w}/deliveries/nope`, 404, { token: a });
  await call('POST', `${delivery}/redeliver`, 409, { token: a });
  await call('POST', `${w}/retry`, 409, { token: a });
  await call('POST', `${w}/enable`, 200, { token: a });
  await call('POST', `/v1/webhooks/${none}/enable`, 404, { token: a });
  await call('POST', `${delivery}/redeliver`, 202, { token: a });
  await call('POST', `${w}/retry`, 202, { token: a });
  await call('POST', `/v1/webhooks/${none}/retry`, 404, { token: a });
  await call('POST', `${g}/resign`, 200, { token: ben, body: {} });
  await call('DELETE', w, 204, { token: a });
  await call('DELETE', w, 404, { token: a });

  // The game is over (Ben resigned): its record, the players' archives, statistics and ratings.
  const record = await call('GET', `${g}/record`, 200);
  await call('GET', `/v1/games/${none}/record`, 404);
  await call('POST', '/v1/records/verify', 200, { body: record });
  await call('POST', '/v1/records/verify', 400, { body: { ...record, moves: 'none' } });
  await app.archive.catchUp();
  const anaId = ana.player.id as string;
  await call('GET', `/v1/players/${anaId}/games`, 200);
  await call('GET', `/v1/players/${none}/games`, 404);
  await call('GET', `/v1/players/${anaId}/games.ndjson`, 200);
  await call('GET', `/v1/players/${none}/games.ndjson`, 404);
  await call('GET', `/v1/players/${anaId}/stats`, 200);
  await call('GET', `/v1/players/${none}/stats`, 404);
  await call('GET', '/v1/game-types/nim/leaderboard', 200);
  await call('GET', '/v1/game-types/nope/leaderboard', 404);

  // The operator's API (ADMIN_KEY).
  const op = { token: adminKey };
  await call('GET', '/v1/admin/games?status=finished', 200, op);
  await call('GET', '/v1/admin/games', 401, { token: a });
  await call('GET', '/v1/admin/players?name=an', 200, op);
  await call('GET', '/v1/admin/players?limit=0', 400, op);
  const watcher = await call('POST', '/v1/webhooks', 201, { token: a, body: { url: 'http://127.0.0.1:9/hook', events: ['move.made'] } });
  const late = await call('POST', '/v1/games', 201, { token: a, body: { type: 'nim', seats: 2, options: { stones: 20 } } });
  await call('POST', `/v1/games/${late.id}/join`, 200, { token: ben, body: {} });
  await call('POST', `/v1/games/${late.id}/start`, 200, { token: a });
  await call('POST', `/v1/admin/games/${late.id}/adjudicate`, 400, { ...op, body: { ranking: [[0]], reason: 'stuck' } });
  await call('POST', `/v1/admin/games/${late.id}/adjudicate`, 200, { ...op, body: { ranking: [[0], [1]], reason: 'stuck' } });
  await call('POST', `/v1/admin/games/${late.id}/abort`, 409, { ...op, body: { reason: 'late' } });
  const spare = await call('POST', '/v1/games', 201, { token: a, body: { type: 'nim', seats: 2 } });
  await call('POST', `/v1/admin/games/${spare.id}/abort`, 200, { ...op, body: { reason: 'spare' } });
  const stuck = (await call('GET', `/v1/webhooks/${watcher.id}/deliveries`, 200, { token: a })).items[0].id as string;
  await call('POST', `/v1/admin/deliveries/${stuck}/drop`, 200, { ...op, body: { reason: 'stuck' } });
  await call('POST', '/v1/admin/deliveries/msg_nope/drop', 404, { ...op, body: { reason: 'stuck' } });
  await call('POST', `/v1/admin/deliveries/${stuck}/retry`, 200, { ...op, body: { reason: 'again' } });
  await call('POST', '/v1/admin/deliveries/msg_nope/retry', 404, { ...op, body: { reason: 'again' } });
  await call('POST', `/v1/admin/webhooks/${watcher.id}/disable`, 200, { ...op, body: { reason: 'noisy' } });
  await call('POST', `/v1/admin/webhooks/${none}/disable`, 404, { ...op, body: { reason: 'noisy' } });
  const benId = (await call('GET', '/v1/admin/players?name=ben', 200, op)).items[0].id as string;
  await call('POST', `/v1/admin/players/${benId}/ban`, 200, { ...op, body: { reason: 'abuse', seats: 'adjudicate' } });
  await call('POST', `/v1/admin/players/${none}/ban`, 404, { ...op, body: { reason: 'abuse' } });
  await call('POST', `/v1/admin/players/${benId}/unban`, 200, { ...op, body: { reason: 'appeal' } });
  await call('POST', `/v1/admin/players/${none}/unban`, 404, { ...op, body: { reason: 'appeal' } });
  await call('GET', '/v1/admin/audit-log', 200, op);
  await call('GET', '/v1/admin/audit-log?cursor=bm9wZQ', 400, op);
  // Tokens: create (and a refused escalation), list, revoke; a revoked and a scope-less call.
  const minted = await call('POST', '/v1/me/tokens', 201, { token: a, body: { label: 'reader', scopes: ['read'] } });
  await call('POST', '/v1/me/tokens', 400, { token: a, body: { label: 'x', scopes: ['root'] } });
  await call('POST', '/v1/me/tokens', 403, { token: minted.secret, body: { label: 'x', scopes: ['read'] } });
  await call('GET', '/v1/me/tokens', 200, { token: a });
  await call('GET', '/v1/me/tokens', 403, { token: minted.secret });
  await call('POST', `${g}/resign`, 403, { token: minted.secret, body: {} });
  await call('DELETE', `/v1/me/tokens/${none}`, 404, { token: a });
  await call('DELETE', `/v1/me/tokens/${minted.token.id}`, 204, { token: a });
  await call('GET', '/v1/me', 401, { token: minted.secret });

  // Accounts: a passkey (a software authenticator), signing in with it, a one-time code.
  const key = new SoftAuthenticator(base);
  const registration = await call('POST', '/v1/me/passkeys/options', 200, { token: a });
  await call('POST', '/v1/me/passkeys/options', 401);
  await call('POST', '/v1/me/passkeys', 201, { token: a, body: { challengeId: registration.challengeId, response: key.create(registration.options) } });
  await call('POST', '/v1/me/passkeys', 400, { token: a, body: { challengeId: registration.challengeId, response: key.create(registration.options) } });
  await call('GET', '/v1/me/passkeys', 200, { token: a });
  await call('GET', '/v1/me/passkeys', 401);
  const signIn = await call('POST', '/v1/sessions/passkey/options', 200);
  await call('POST', '/v1/sessions/passkey', 201, { body: { challengeId: signIn.challengeId, response: key.get(signIn.options) } });
  await call('POST', '/v1/sessions/passkey', 401, { body: { challengeId: (await call('POST', '/v1/sessions/passkey/options', 200)).challengeId, response: key.get(signIn.options, true) } });
  await call('DELETE', `/v1/me/passkeys/${key.id}`, 204, { token: a });
  await call('DELETE', `/v1/me/passkeys/${key.id}`, 404, { token: a });
  const code = await call('POST', '/v1/me/device-codes', 201, { token: a });
  await call('POST', '/v1/me/device-codes', 401);
  await call('POST', '/v1/sessions/code', 201, { body: { code: code.code } });
  await call('POST', '/v1/sessions/code', 401, { body: { code: code.code } });

  // Apps: the operator's routes, then the app's own (players by external id, one webhook for all).
  const created = await call('POST', '/v1/admin/apps', 201, { token: adminKey, body: { name: 'Site' } });
  await call('POST', '/v1/admin/apps', 401, { token: a, body: { name: 'Site' } });
  const appPath = `/v1/admin/apps/${created.app.id}`;
  await call('GET', '/v1/admin/apps', 200, { token: adminKey });
  await call('GET', '/v1/admin/apps', 401);
  await call('GET', appPath, 200, { token: adminKey });
  await call('GET', `/v1/admin/apps/${none}`, 404, { token: adminKey });
  await call('PATCH', appPath, 200, { token: adminKey, body: { playersPerHour: 100 } });
  await call('PATCH', appPath, 400, { token: adminKey, body: { playersPerHour: -5 } });
  const rotated = await call('POST', `${appPath}/rotate-key`, 200, { token: adminKey, body: { overlapSeconds: 60 } });
  await call('POST', `${appPath}/rotate-key`, 400, { token: adminKey, body: { overlapSeconds: -1 } });
  await call('POST', `${appPath}/disable`, 200, { token: adminKey });
  await call('POST', `/v1/admin/apps/${none}/disable`, 404, { token: adminKey });
  await call('POST', `${appPath}/enable`, 200, { token: adminKey });
  await call('POST', `/v1/admin/apps/${none}/enable`, 404, { token: adminKey });
  const k = rotated.key as string;
  await call('GET', '/v1/app', 200, { token: k });
  await call('GET', '/v1/app', 401, { token: a });
  const appPlayer = await call('POST', '/v1/app/players', 201, { token: k, body: { externalId: 'user-1', name: 'Ana' } });
  await call('POST', '/v1/app/players', 200, { token: k, body: { externalId: 'user-1' } });
  await call('POST', '/v1/app/players', 400, { token: k, body: { externalId: 'x'.repeat(10_000) } });
  await call('GET', '/v1/me', 403, { token: k });
  await call('GET', '/v1/app/players?externalId=user-1', 200, { token: k });
  await call('GET', '/v1/app/players?cursor=bogus', 400, { token: k });
  await call('GET', `/v1/app/players/${appPlayer.id}`, 200, { token: k });
  await call('GET', `/v1/app/players/${none}`, 404, { token: k });
  await call('PATCH', `/v1/app/players/${appPlayer.id}`, 200, { token: k, body: { name: 'Ana B.' } });
  await call('PATCH', `/v1/app/players/${none}`, 404, { token: k, body: { name: 'Ana B.' } });
  const appToken = await call('POST', `/v1/app/players/${appPlayer.id}/tokens`, 201, { token: k, body: { scopes: ['read'] } });
  await call('POST', `/v1/app/players/${appPlayer.id}/tokens`, 400, { token: k, body: { expiresInSeconds: 1 } });
  await call('GET', `/v1/app/players/${appPlayer.id}/tokens`, 200, { token: k });
  await call('GET', `/v1/app/players/${none}/tokens`, 404, { token: k });
  await call('DELETE', `/v1/app/players/${appPlayer.id}/tokens/${appToken.token.id}`, 204, { token: k });
  await call('DELETE', `/v1/app/players/${appPlayer.id}/tokens/${none}`, 404, { token: k });
  await call('DELETE', `/v1/app/players/${appPlayer.id}/tokens`, 200, { token: k });
  await call('DELETE', `/v1/app/players/${none}/tokens`, 404, { token: k });
  const appHook = await call('POST', '/v1/app/webhooks', 201, { token: k, body: { url: 'http://127.0.0.1:9/site', events: ['turn.started'] } });
  await call('POST', '/v1/app/webhooks', 400, { token: k, body: { url: 'ftp://127.0.0.1/site', events: ['turn.started'] } });
  const ah = `/v1/app/webhooks/${appHook.id}`;
  await call('GET', '/v1/app/webhooks', 200, { token: k });
  await call('GET', '/v1/app/webhooks', 401, { token: a });
  await call('GET', ah, 200, { token: k });
  await call('GET', `/v1/app/webhooks/${none}`, 404, { token: k });
  await call('PATCH', ah, 200, { token: k, body: { enabled: false } });
  await call('PATCH', ah, 400, { token: k, body: { colour: 'red' } });
  await call('GET', `${ah}/deliveries`, 200, { token: k });
  await call('GET', `/v1/app/webhooks/${none}/deliveries`, 404, { token: k });
  await call('POST', `${ah}/retry`, 409, { token: k });
  await call('PATCH', ah, 200, { token: k, body: { enabled: true } });
  await call('POST', `${ah}/retry`, 202, { token: k });
  await call('DELETE', ah, 204, { token: k });
  await call('DELETE', ah, 404, { token: k });

  // At the table (docs/table.md): challenges, seeks, chat, mutes, last visits, vacations.
  // Ben was banned above (his tokens revoked): Dee, a new player, is the one invited.
  const dee = await player(app, 'Dee');
  const named = await call('POST', '/v1/challenges', 201, { token: a, body: { type: 'nim', invite: [{ playerId: dee.id }] } });
  await call('POST', '/v1/challenges', 404, { token: a, body: { type: 'nim', invite: [{ playerId: none }] } });
  await call('GET', '/v1/challenges', 200, { token: dee.token });
  await call('GET', '/v1/challenges', 401);
  await call('GET', `/v1/challenges/${named.id}`, 200, { token: dee.token });
  await call('GET', `/v1/challenges/${named.id}`, 404, { token: cy });
  await call('POST', `/v1/challenges/${named.id}/accept`, 403, { token: cy });
  await call('POST', `/v1/challenges/${named.id}/accept`, 200, { token: dee.token });
  const declinable = await call('POST', '/v1/challenges', 201, { token: a, body: { type: 'nim', invite: [{ playerId: dee.id }] } });
  await call('POST', `/v1/challenges/${declinable.id}/decline`, 403, { token: cy, body: { reason: 'who?' } });
  await call('POST', `/v1/challenges/${declinable.id}/decline`, 200, { token: dee.token, body: { reason: 'busy' } });
  const open = await call('POST', '/v1/challenges', 201, { token: a, body: { type: 'nim', seats: 2 } });
  await call('POST', `/v1/challenges/${open.id}/cancel`, 403, { token: dee.token });
  await call('POST', `/v1/challenges/${open.id}/cancel`, 200, { token: a });
  const sought = await call('POST', '/v1/seeks', 201, { token: cy, body: { type: 'nim', seats: 2 } });
  await call('POST', '/v1/seeks', 409, { token: cy, body: { type: 'nim', seats: 2 } });
  await call('GET', '/v1/seeks', 200, { token: cy });
  await call('GET', '/v1/seeks', 401);
  await call('GET', `/v1/seeks/${sought.id}`, 200, { token: cy });
  await call('GET', `/v1/seeks/${sought.id}`, 404, { token: a });
  await call('POST', `/v1/seeks/${sought.id}/cancel`, 200, { token: cy });
  await call('POST', `/v1/seeks/${sought.id}/cancel`, 409, { token: cy });
  const chatGame = `/v1/games/${named.id}`;
  const said = await call('POST', `${chatGame}/chat`, 201, { token: a, body: { body: 'hello' } });
  await call('POST', `${chatGame}/chat`, 403, { token: cy, body: { body: 'hi', channel: 'players' } });
  await call('GET', `${chatGame}/chat`, 200, { token: dee.token });
  await call('GET', `${chatGame}/chat?channel=players`, 403, { token: cy });
  await call('GET', `${chatGame}/chat/events`, 200, { token: dee.token });
  await call('GET', `/v1/games/${none}/chat/events`, 404);
  await call('DELETE', `${chatGame}/chat/${said.id}`, 403, { token: dee.token });
  await call('DELETE', `${chatGame}/chat/${said.id}`, 200, { token: a });
  const aside = await call('POST', `${chatGame}/chat`, 201, { token: cy, body: { body: 'aside' } });
  const operator = { authorization: `Bearer ${adminKey}` };
  await call('POST', `/v1/admin/chat/${aside.id}/delete`, 200, { headers: operator, body: { reason: 'test' } });
  await call('POST', '/v1/admin/chat/999999999/delete', 404, { headers: operator, body: { reason: 'test' } });
  await call('PUT', `/v1/me/mutes/${dee.id}`, 204, { token: a });
  await call('PUT', `/v1/me/mutes/${none}`, 404, { token: a });
  await call('GET', '/v1/me/mutes', 200, { token: a });
  await call('GET', '/v1/me/mutes', 401);
  await call('DELETE', `/v1/me/mutes/${dee.id}`, 204, { token: a });
  await call('DELETE', `/v1/me/mutes/${dee.id}`, 401);
  await call('GET', `${chatGame}/last-seen`, 200, { token: dee.token });
  await call('GET', `${chatGame}/last-seen`, 403, { token: cy });
  await call('GET', '/v1/me/unseen', 200, { token: dee.token });
  await call('GET', '/v1/me/unseen', 401);
  await call('GET', '/v1/me/vacation', 200, { token: cy });
  await call('GET', '/v1/me/vacation', 401);
  await call('POST', '/v1/me/vacation', 200, { token: cy, body: { days: 1 } });
  await call('POST', '/v1/me/vacation', 409, { token: cy, body: { days: 1 } });
  await call('DELETE', '/v1/me/vacation', 200, { token: cy });
  await call('DELETE', '/v1/me/vacation', 409, { token: cy });

  // Every operation was exercised with a success and (but for the health probes) an error.
  for (const { operation } of operations) {
    const statuses = [...(seen.get(operation.operationId) ?? [])];
    t.ok(statuses.some((s) => s < 300), `${operation.operationId}: a success was checked`);
    if (!operation.operationId.startsWith('getHealth') && !['getReadiness', 'startPasskeySignIn'].includes(operation.operationId)) {
      t.ok(statuses.some((s) => s >= 400), `${operation.operationId}: an error was checked`);
    }
  }
});
