/**
 * Bearer-token authentication: `request.player` is the caller, or null for an anonymous caller (who
 * gets the spectator's view). A token that is present but unknown is refused, never treated as anonymous.
 *
 * The token is resolved first (onRequest) and refused later (preParsing), so that the rate limiter, which
 * runs in between, counts a bad token against the client's address. Refusing in preParsing also lets
 * /graphql answer in GraphQL's shape: its routes have their own error handler.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';
import type { Player, PlayerService } from '../service/players.js';

declare module 'fastify' {
  interface FastifyRequest {
    player: Player | null;
    /** Why the Authorization header was refused; thrown once the rate limiter has counted the request. */
    authError: ServiceError | null;
  }
}

export async function playerFromHeader(players: PlayerService, header: string | undefined): Promise<Player | null> {
  if (header === undefined || header === '') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ServiceError('UNAUTHENTICATED', 'the Authorization header must be `Bearer <token>`');
  const player = await players.authenticate(match[1]);
  if (!player) throw new ServiceError('UNAUTHENTICATED', 'unknown or revoked token');
  return player;
}

export const authPlugin = fp(
  async (app, opts: { players: PlayerService }) => {
    app.decorateRequest('player', null);
    app.decorateRequest('authError', null);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // A websocket handshake authenticates in graphql-ws's connection_init instead.
      if (request.headers.upgrade?.toLowerCase() === 'websocket') return;
      try {
        request.player = await playerFromHeader(opts.players, request.headers.authorization);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        request.authError = error;
      }
    });
    // The callback form: an async hook would cost a promise on every request.
    app.addHook('preParsing', (request: FastifyRequest, _reply, payload, done) => {
      if (request.authError) done(request.authError);
      else done(null, payload);
    });
  },
  { name: 'auth' },
);
