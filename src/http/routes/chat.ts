/** REST: table chat and mutes (docs/table.md); the operator's deletion. Handlers call src/service/chat.ts. */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ChatService } from '../../service/chat.js';
import type { TableEvents } from '../../service/table-events.js';
import { described, errors, operatorRequired, tokenOptional, tokenRequired } from '../docs.js';
import { requireOperator } from '../operator.js';
import { GameId, Text } from '../schemas.js';
import { ChatMessageParams, ChatQuery, MessageId, PlayerIdParams, PostChatBody } from '../table-schemas.js';

const tags = ['table'];
const message = (description: string) => Type.Ref('ChatMessage', { description });
const ChatPage = Type.Object({ items: Type.Array(Type.Ref('ChatMessage')), nextCursor: Type.Union([Type.String(), Type.Null()]) });

export const chatRoutes: FastifyPluginAsyncTypebox<{ chat: ChatService; events: TableEvents }> = async (app, { chat, events }) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });

  app.post('/games/:id/chat', {
    schema: {
      operationId: 'postChatMessage', tags, security: tokenRequired, summary: "Say something at the game's table",
      description: "Seated players write in the players' channel, everyone else in the spectators'. Plain text without control characters, at most CHAT_MAX_LENGTH characters; at most CHAT_PER_MINUTE messages a minute (429 RATE_LIMITED). Stored apart from the move log.",
      params: GameId, body: PostChatBody, response: { 201: message('The message as posted'), ...errors(400, 401, 403, 404, 429) },
    },
  }, async (request, reply) => reply.status(201).send(await chat.post(request.player, request.params.id, request.body.body, request.body.channel)));

  app.get('/games/:id/chat', {
    schema: {
      operationId: 'listChatMessages', tags, security: tokenOptional, summary: "A channel's messages, oldest first (players' only for the seated players)",
      params: GameId, querystring: ChatQuery, response: { 200: described(ChatPage, 'A page of messages'), ...errors(403, 404) },
    },
  }, async (request) => chat.list(request.player, request.params.id, request.query.channel, request.query.cursor, request.query.limit));

  app.delete('/games/:id/chat/:messageId', {
    schema: {
      operationId: 'deleteChatMessage', tags, security: tokenRequired, summary: 'Delete your own message (its text goes; readers see it deleted)',
      params: ChatMessageParams, response: { 200: message('The deleted message'), ...errors(401, 403, 404) },
    },
  }, async (request) => chat.deleteOwn(request.player, request.params.messageId));

  app.get('/games/:id/chat/events', {
    sse: 'manual',
    exposeHeadRoute: false,
    schema: {
      operationId: 'streamChatMessages', tags, security: tokenOptional, summary: 'New and deleted chat messages as Server-Sent Events',
      description: "An event `chat` for each message posted (or deleted) that you may read: a seated player both channels, anyone else only the spectators'. Messages of players you muted never come. For what was said before, GET the channel.",
      params: GameId,
      response: { 200: { description: 'An event stream of chat messages', content: { 'text/event-stream': { schema: Type.String() } } }, ...errors(404) },
    },
  }, async (request, reply) => {
    await chat.list(request.player, request.params.id, 'spectators', undefined, 1); // an unknown game is a 404 before the stream opens
    const source = events.chat(request.params.id);
    const end = () => source.close();
    open.add(end);
    reply.sse.onClose(end);
    try {
      reply.sse.sendHeaders();
      for await (const notice of source) {
        if (!reply.sse.isConnected) break;
        const readable = await chat.readable(request.player, notice.id);
        if (readable) await reply.sse.send({ id: readable.id, event: 'chat', data: readable });
      }
    } finally {
      open.delete(end);
      end();
    }
  });

  app.get('/me/mutes', {
    schema: {
      operationId: 'listMutes', tags, security: tokenRequired, summary: 'The players you muted',
      response: { 200: described(Type.Object({ playerIds: Type.Array(Type.String({ format: 'uuid' })) }), 'Muted players'), ...errors(401) },
    },
  }, async (request) => ({ playerIds: await chat.mutes(request.player) }));

  app.put('/me/mutes/:playerId', {
    schema: {
      operationId: 'mutePlayer', tags, security: tokenRequired, summary: "Mute a player: you no longer receive their chat messages (or their chat webhooks)",
      params: PlayerIdParams, response: { 204: described(Type.Null(), 'Muted'), ...errors(400, 401, 404) },
    },
  }, async (request, reply) => {
    await chat.mute(request.player, request.params.playerId);
    return reply.status(204).send(null);
  });

  app.delete('/me/mutes/:playerId', {
    schema: {
      operationId: 'unmutePlayer', tags, security: tokenRequired, summary: 'Unmute a player',
      params: PlayerIdParams, response: { 204: described(Type.Null(), 'Not muted'), ...errors(401) },
    },
  }, async (request, reply) => {
    await chat.unmute(request.player, request.params.playerId);
    return reply.status(204).send(null);
  });

  await app.register(async (scope) => {
    scope.addHook('preHandler', requireOperator);
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>();
    admin.post('/admin/chat/:messageId/delete', {
      schema: {
        operationId: 'adminDeleteChatMessage', tags: ['admin'], security: operatorRequired, summary: 'Delete any chat message (audit log: chat.delete on its game)',
        params: MessageId, body: Type.Object({ reason: Text({ minLength: 1, maxLength: 1000, description: 'why, for the audit log' }) }, { additionalProperties: false }),
        headers: Type.Object({ 'x-operator': Type.Optional(Text({ minLength: 1, maxLength: 64, description: 'who acts, for the audit log (default "operator")' })) }),
        response: { 200: message('The deleted message'), ...errors(400, 401, 404) },
      },
    }, async (request) => {
      const named = (request as FastifyRequest).headers['x-operator'];
      const ctx = { actor: typeof named === 'string' ? named : 'operator', requestId: request.id, clientIp: request.ip };
      return chat.deleteByOperator(ctx, request.params.messageId, request.body.reason);
    });
  });
};
