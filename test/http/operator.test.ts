/**
 * The operator's credential (ADMIN_KEY): recognised as the operator, never as a player; operator-only
 * routes answer 404 when no key is configured and 401 to anyone without it.
 */
import t, { type Test } from 'tap';
import { buildApp } from '../../src/app.js';
import { requireOperator } from '../../src/http/operator.js';
import { createTestDatabase, player } from '../helper.js';

const KEY = 'operator-key-for-tests-0123456789abcdef';

async function appWithOperatorRoute(t: Test, adminKey: string | undefined) {
  const app = await buildApp({ databaseUrl: await createTestDatabase(t), workers: false, adminKey });
  // A stand-in for the operator routes: it answers who the request was made by.
  app.get('/v1/admin/probe', { preHandler: requireOperator }, async (request) => ({ operator: request.operator, player: request.player }));
  await app.ready();
  t.teardown(() => app.close());
  return app;
}

t.test('the operator key opens operator routes; a player token or nothing does not', async (t) => {
  const app = await appWithOperatorRoute(t, KEY);
  const ana = await player(app, 'Ana');
  const asOperator = await app.inject({ method: 'GET', url: '/v1/admin/probe', headers: { authorization: `Bearer ${KEY}` } });
  t.equal(asOperator.statusCode, 200);
  t.same(asOperator.json(), { operator: true, player: null }, 'the operator is nobody\'s player');
  const asPlayer = await app.inject({ method: 'GET', url: '/v1/admin/probe', headers: { authorization: `Bearer ${ana.token}` } });
  t.equal(asPlayer.statusCode, 401);
  t.equal(asPlayer.json().error.code, 'UNAUTHENTICATED');
  const anonymous = await app.inject({ method: 'GET', url: '/v1/admin/probe' });
  t.equal(anonymous.statusCode, 401);
  const wrongKey = await app.inject({ method: 'GET', url: '/v1/admin/probe', headers: { authorization: `Bearer ${KEY}x` } });
  t.equal(wrongKey.statusCode, 401, 'a near miss is an unknown token');
});

t.test('without ADMIN_KEY the operator routes do not exist', async (t) => {
  const app = await appWithOperatorRoute(t, undefined);
  const res = await app.inject({ method: 'GET', url: '/v1/admin/probe', headers: { authorization: `Bearer ${KEY}` } });
  t.equal(res.statusCode, 401, 'the key is only an unknown token');
  const anonymous = await app.inject({ method: 'GET', url: '/v1/admin/probe' });
  t.equal(anonymous.statusCode, 404);
  t.equal(anonymous.json().error.code, 'NOT_FOUND');
});

t.test('ADMIN_KEY is checked at start: too short a key is refused', async (t) => {
  const { loadConfig, ConfigError } = await import('../../src/config.js');
  t.throws(() => loadConfig({ ADMIN_KEY: 'short' }), ConfigError);
  t.equal(loadConfig({ ADMIN_KEY: KEY }).ADMIN_KEY, KEY);
});
