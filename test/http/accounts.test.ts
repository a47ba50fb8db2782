/**
 * Accounts over the API, with a software authenticator: a passkey registered by a signed-in player signs
 * it in again (a new token, the same player); challenges answer once; a forged signature, an unknown or
 * deleted passkey and another site's origin are refused; one-time codes sign a device in once; only a
 * token with every scope may add a way in; the relying party follows the request's host or the configuration.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { build, player, send } from '../helper.js';
import { SoftAuthenticator } from '../support/soft-authenticator.js';

const HOST = 'play.example.org';
const as = (app: FastifyInstance, token: string | null, host = HOST) => (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  send(app, method, url, body, { host, ...(token ? { authorization: `Bearer ${token}` } : {}) });

async function registerPasskey(app: FastifyInstance, token: string, authenticator: SoftAuthenticator, host = HOST) {
  const call = as(app, token, host);
  const started = await call('POST', '/v1/me/passkeys/options');
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return call('POST', '/v1/me/passkeys', { challengeId: started.body.challengeId, response: authenticator.create(started.body.options), label: 'laptop' });
}

async function passkeySignIn(app: FastifyInstance, authenticator: SoftAuthenticator, tamper = false, host = HOST) {
  const call = as(app, null, host);
  const started = await call('POST', '/v1/sessions/passkey/options');
  return { ...(await call('POST', '/v1/sessions/passkey', { challengeId: started.body.challengeId, response: authenticator.get(started.body.options, tamper) })), started };
}

t.test('passkeys: register, sign in again as the same player, refusals', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const key = new SoftAuthenticator(`http://${HOST}`);

  const started = await as(app, ana.token)('POST', '/v1/me/passkeys/options');
  t.equal(started.body.options.rp.id, HOST, 'the relying party follows the request host');
  const registered = await registerPasskey(app, ana.token, key);
  t.equal(registered.status, 201);
  t.match(registered.body, { id: key.id, label: 'laptop' });
  t.equal((await as(app, ana.token)('GET', '/v1/me/passkeys')).body.items.length, 1);

  const signedIn = await passkeySignIn(app, key);
  t.equal(signedIn.status, 201);
  t.same(signedIn.body.player, { id: ana.id, name: 'Ana' }, 'the same player');
  t.not(signedIn.body.token, ana.token, 'a new token for the new device');
  t.equal((await as(app, signedIn.body.token)('GET', '/v1/me')).body.id, ana.id);

  // The same challenge answers once; a forged signature and another site's origin are refused.
  const replay = await as(app, null)('POST', '/v1/sessions/passkey', { challengeId: signedIn.started.body.challengeId, response: key.get(signedIn.started.body.options) });
  t.equal(replay.body.error.code, 'CHALLENGE_EXPIRED', 'a challenge answers once');
  t.equal((await passkeySignIn(app, key, true)).body.error.code, 'PASSKEY_REJECTED', 'a forged signature');
  const phishing = new SoftAuthenticator('http://evil.example.org');
  Object.assign(phishing, { credentialId: key.credentialId });
  t.equal((await passkeySignIn(app, phishing)).body.error.code, 'PASSKEY_REJECTED', 'an answer made for another origin');
  t.equal((await passkeySignIn(app, new SoftAuthenticator(`http://${HOST}`))).body.error.code, 'PASSKEY_REJECTED', 'an unknown passkey');
  const garbage = await as(app, null)('POST', '/v1/sessions/passkey', { challengeId: (await as(app, null)('POST', '/v1/sessions/passkey/options')).body.challengeId, response: { id: key.id, type: 'public-key', response: { clientDataJSON: 'x' } } });
  t.equal(garbage.status, 401);
  t.equal(garbage.body.error.code, 'PASSKEY_REJECTED', 'a malformed answer is refused, not a 500');
  t.equal((await as(app, null)('POST', '/v1/sessions/passkey', { challengeId: 'nope', response: {} })).status, 400);

  // Adding a way in needs every scope: a play+read token cannot (it would widen itself).
  const narrow = (await ana.request('POST', '/v1/me/tokens', { label: 'site', scopes: ['play', 'read', 'tokens'] })).body.secret;
  t.equal((await as(app, narrow)('POST', '/v1/me/passkeys/options')).body.error.code, 'INSUFFICIENT_SCOPE');
  t.equal((await as(app, narrow)('POST', '/v1/me/device-codes')).body.error.code, 'INSUFFICIENT_SCOPE');

  // A deleted passkey no longer signs in; another player cannot delete it.
  const ben = await player(app, 'Ben');
  t.equal((await as(app, ben.token)('DELETE', `/v1/me/passkeys/${key.id}`)).status, 404);
  t.equal((await as(app, ana.token)('DELETE', `/v1/me/passkeys/${key.id}`)).status, 204);
  t.equal((await passkeySignIn(app, key)).body.error.code, 'PASSKEY_REJECTED', 'a deleted passkey');
});

t.test('the configured relying party wins over the request host', async (t) => {
  const app = await build(t, { webauthn: { rpId: 'example.org', origins: ['https://games.example.org'] } });
  const ana = await player(app, 'Ana');
  const key = new SoftAuthenticator('https://games.example.org');
  const registered = await registerPasskey(app, ana.token, key, 'internal-host:3000');
  t.equal(registered.status, 201, 'an answer from the configured origin is accepted whatever the Host');
  const wrong = new SoftAuthenticator(`http://${HOST}`);
  const refused = await registerPasskey(app, ana.token, wrong);
  t.equal(refused.body.error.code, 'PASSKEY_REJECTED', 'the request host is not an accepted origin then');
});

t.test('one-time codes: sign another device in once, within their time', async (t) => {
  const app = await build(t);
  const ana = await player(app, 'Ana');
  const made = await ana.request('POST', '/v1/me/device-codes');
  t.equal(made.status, 201);
  t.match(made.body.code, /^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  const typed = made.body.code.toLowerCase().replace('-', ' ');
  const signedIn = await send(app, 'POST', '/v1/sessions/code', { code: typed });
  t.equal(signedIn.status, 201, 'case, spaces and dashes do not matter');
  t.same(signedIn.body.player, { id: ana.id, name: 'Ana' });
  const again = await send(app, 'POST', '/v1/sessions/code', { code: made.body.code });
  t.equal(again.status, 401);
  t.equal(again.body.error.code, 'INVALID_CODE', 'a code works once');
  t.equal((await send(app, 'POST', '/v1/sessions/code', { code: 'AAAAA-AAAAA' })).body.error.code, 'INVALID_CODE');
  t.equal((await send(app, 'POST', '/v1/sessions/code', { code: 'x'.repeat(33) })).status, 400);
  t.equal((await send(app, 'POST', '/v1/sessions/code', { code: 'ab\u0000c' })).status, 400);
  const stale = await ana.request('POST', '/v1/me/device-codes');
  await app.db.deviceCode.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
  t.equal((await send(app, 'POST', '/v1/sessions/code', { code: stale.body.code })).body.error.code, 'INVALID_CODE', 'an expired code');
  const tokens = (await ana.request('GET', '/v1/me/tokens')).body.items.map((x: any) => x.label).sort();
  t.same(tokens, ['one-time code', 'registration'], 'the device signed in holds a token of its own, listed');
});
