/**
 * Bearer-token authentication: `request.player` is the caller, or null for an anonymous caller (who
 * gets the spectator's view). A token that is present but unknown is refused, never treated as anonymous.
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ServiceError } from '../service/errors.js';
import type { Player, PlayerService } from '../service/players.js';

declare module 'fastify' {
  interface FastifyRequest {
    player: Player | null;
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
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Only the REST API knows players: GraphQL authenticates in its own context builder (and the
      // websocket handshake has no hook); health checks and the API document need no token.
      if (!request.url.startsWith('/v1/')) return;
      request.player = await playerFromHeader(opts.players, request.headers.authorization);
    });
  },
  { name: 'auth' },
);
