/** REST: the hosted game types, with the JSON Schemas of their options, moves and views. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AnyGameDefinition } from '../../engine/types.js';
import { ServiceError } from '../../service/errors.js';
import type { GameRegistry } from '../../games/registry.js';
import { LangQuery, Text } from '../schemas.js';
import { refusalExplanations } from '../../service/locales.js';
import { requestLocale } from '../locale.js';
import { described, errors, tokenOptional } from '../docs.js';

export function describeGameType(game: AnyGameDefinition) {
  return {
    id: game.id,
    title: game.title,
    players: game.players,
    engineVersion: game.engineVersion,
    botLevels: [...game.bot.levels],
    optionsSchema: game.optionsSchema as Record<string, unknown>,
    moveSchema: game.moveSchema as Record<string, unknown>,
    viewSchema: game.viewSchema as Record<string, unknown>,
  };
}

const tags = ['game types'];

export const gameTypeRoutes: FastifyPluginAsyncTypebox<{ registry: GameRegistry }> = async (app, { registry }) => {
  app.get('/game-types', {
    schema: {
      operationId: 'listGameTypes', tags, security: tokenOptional, summary: 'The hosted games',
      response: { 200: described(Type.Object({ items: Type.Array(Type.Ref('GameType')) }), 'Every hosted game type') },
    },
  }, async () => ({ items: [...registry.values()].map(describeGameType) }));

  app.get('/game-types/:type', {
    schema: {
      operationId: 'getGameType', tags, security: tokenOptional, summary: 'One game type',
      params: Type.Object({ type: Text({ maxLength: 64, description: 'a game type id, e.g. puerto-rico' }) }),
      response: { 200: Type.Ref('GameType', { description: 'The game type with its JSON Schemas' }), ...errors(404) },
    },
  }, async (request) => {
    const game = registry.get(request.params.type);
    if (!game) throw new ServiceError('NOT_FOUND', `no game type ${request.params.type}`, 404);
    return describeGameType(game);
  });

  app.get('/game-types/:type/refusals', {
    schema: {
      operationId: 'getGameTypeRefusals', tags, security: tokenOptional,
      summary: "Explanations of the refusal codes a player of this game can meet, in the request's language",
      description:
        "Error messages stay English (the codes are the contract); these explain each code to players. Language: ?lang= or Accept-Language ('en', 'ja'), else English (see docs/i18n.md).",
      params: Type.Object({ type: Text({ maxLength: 64, description: 'a game type id, e.g. puerto-rico' }) }),
      querystring: Type.Object({ lang: Type.Optional(LangQuery) }),
      response: {
        200: described(
          Type.Object({
            locale: Type.String({ description: 'the language of the explanations' }),
            explanations: Type.Record(Type.String(), Type.String(), { description: 'by error code, e.g. NOT_YOUR_TURN' }),
          }),
          'The explanations by code',
        ),
        ...errors(404),
      },
    },
  }, async (request) => {
    const game = registry.get(request.params.type);
    if (!game) throw new ServiceError('NOT_FOUND', `no game type ${request.params.type}`, 404);
    const locale = requestLocale(request);
    return { locale, explanations: refusalExplanations(game.id, locale) };
  });
};
