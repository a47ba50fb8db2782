/**
 * REST: accounts a person keeps (src/service/accounts.ts). Passkeys and one-time codes are added with a
 * token holding every scope; signing in with either needs no token and answers a new one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AccountService, RelyingParty } from '../../service/accounts.js';
import { Text } from '../schemas.js';
import { described, errors, noToken, tokenRequired } from '../docs.js';

export interface WebauthnOptions {
  /** The relying party's id (a domain); unset: the request's host name. */
  readonly rpId?: string;
  /** Origins a ceremony may come from; unset: the request's own origin. */
  readonly origins?: readonly string[];
  readonly rpName?: string;
}

const tags = ['accounts'];

const CeremonyOptions = Type.Object({
  challengeId: Type.String({ format: 'uuid', description: 'send it back with the authenticator\'s answer' }),
  options: Type.Object({}, { additionalProperties: true, description: 'the WebAuthn options (JSON) for @simplewebauthn/browser or navigator.credentials' }),
});
/** The authenticator's answer as JSON (what @simplewebauthn/browser returns); the library checks its content. */
const CredentialResponse = Type.Object(
  { id: Text({ minLength: 1, maxLength: 1024 }), type: Type.Literal('public-key') },
  { additionalProperties: true, description: 'the credential as JSON (startRegistration / startAuthentication of @simplewebauthn/browser)' },
);
const Passkey = Type.Object(
  {
    id: Type.String({ description: 'the credential id (base64url)' }),
    label: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Passkey' },
);
const SignedIn = Type.Object({
  player: Type.Ref('Player'),
  token: Type.String({ description: 'a new bearer token for this device (every scope), shown once' }),
});

export const accountRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService; webauthn: WebauthnOptions }> = async (app, { accounts, webauthn }) => {
  app.addSchema(Passkey);

  /** The relying party of a request: the configured one, else the request's own host and origin. */
  const relyingParty = (request: FastifyRequest): RelyingParty => {
    const ownOrigin = `${request.protocol}://${request.host}`;
    const origins = webauthn.origins && webauthn.origins.length > 0 ? webauthn.origins : [ownOrigin];
    return { id: webauthn.rpId ?? new URL(origins[0]!).hostname, origins, name: webauthn.rpName ?? 'Portolan' };
  };
  const owner = { scope: 'tokens' as const };
  const anyone = { scope: 'none' as const };

  app.post('/me/passkeys/options', {
    config: owner,
    schema: {
      operationId: 'startPasskeyRegistration', tags, security: tokenRequired, summary: 'Begin adding a passkey to your player',
      description: 'Needs a token with every scope. Pass `options` to the browser (startRegistration), then POST its answer to /v1/me/passkeys within 5 minutes.',
      response: { 200: described(CeremonyOptions, 'The registration options'), ...errors(401, 403, 409) },
    },
  }, async (request) => accounts.startPasskeyRegistration(request.grant, relyingParty(request)));

  app.post('/me/passkeys', {
    config: owner,
    schema: {
      operationId: 'finishPasskeyRegistration', tags, security: tokenRequired, summary: 'Keep the passkey the browser created',
      body: Type.Object({ challengeId: Type.String({ format: 'uuid' }), response: CredentialResponse, label: Type.Optional(Text({ minLength: 1, maxLength: 64 })) }, { additionalProperties: false }),
      response: { 201: described(Type.Ref('Passkey'), 'The passkey, kept'), ...errors(401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await accounts.finishPasskeyRegistration(request.grant, relyingParty(request), request.body.challengeId, request.body.response, request.body.label)));

  app.get('/me/passkeys', {
    config: owner,
    schema: {
      operationId: 'listPasskeys', tags, security: tokenRequired, summary: 'Your passkeys (ways to sign in again)',
      response: { 200: described(Type.Object({ items: Type.Array(Type.Ref('Passkey')) }), 'Your passkeys'), ...errors(401, 403) },
    },
  }, async (request) => ({ items: await accounts.listPasskeys(request.grant) }));

  app.delete('/me/passkeys/:id', {
    config: owner,
    schema: {
      operationId: 'deletePasskey', tags, security: tokenRequired, summary: 'Forget one of your passkeys',
      params: Type.Object({ id: Text({ minLength: 1, maxLength: 1024 }) }),
      response: { 204: described(Type.Null(), 'Deleted'), ...errors(401, 403, 404) },
    },
  }, async (request, reply) => {
    await accounts.deletePasskey(request.grant, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/me/device-codes', {
    config: owner,
    schema: {
      operationId: 'createDeviceCode', tags, security: tokenRequired, summary: 'A one-time code that signs another device in as you',
      description: 'Needs a token with every scope. The code works once, within 10 minutes (POST /v1/sessions/code on the other device).',
      response: { 201: described(Type.Object({ code: Type.String({ description: 'e.g. ABCDE-FGHJK' }), expiresAt: Type.String({ format: 'date-time' }) }), 'The code'), ...errors(401, 403) },
    },
  }, async (request, reply) => reply.status(201).send(await accounts.createDeviceCode(request.grant)));

  app.post('/sessions/passkey/options', {
    config: anyone,
    schema: {
      operationId: 'startPasskeySignIn', tags, security: noToken, summary: 'Begin signing in with a passkey',
      description: 'Pass `options` to the browser (startAuthentication), then POST its answer to /v1/sessions/passkey within 5 minutes.',
      response: { 200: described(CeremonyOptions, 'The authentication options') },
    },
  }, async (request) => accounts.startPasskeySignIn(relyingParty(request)));

  app.post('/sessions/passkey', {
    config: anyone,
    schema: {
      operationId: 'signInWithPasskey', tags, security: noToken, summary: 'Sign in with a passkey: a new token for this device',
      body: Type.Object({ challengeId: Type.String({ format: 'uuid' }), response: CredentialResponse }, { additionalProperties: false }),
      response: { 201: described(SignedIn, 'Signed in'), ...errors(401) },
    },
  }, async (request, reply) => reply.status(201).send(await accounts.finishPasskeySignIn(relyingParty(request), request.body.challengeId, request.body.response)));

  app.post('/sessions/code', {
    config: anyone,
    schema: {
      operationId: 'signInWithCode', tags, security: noToken, summary: 'Sign in with a one-time code from a signed-in device',
      body: Type.Object({ code: Text({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false }),
      response: { 201: described(SignedIn, 'Signed in'), ...errors(401) },
    },
  }, async (request, reply) => reply.status(201).send(await accounts.signInWithCode(request.body.code)));
};
