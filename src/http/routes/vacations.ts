/** REST: time away (docs/table.md). Handlers call src/service/vacations.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { VacationService } from '../../service/vacations.js';
import { described, errors, tokenRequired } from '../docs.js';

const tags = ['table'];
const Vacation = Type.Object({
  balanceDays: Type.Number({ description: 'days that may be taken now (VACATION_DAYS_PER_YEAR a year, accruing day by day)' }),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'null when not away' }),
  away: Type.Boolean(),
});
const StartBody = Type.Object({ days: Type.Integer({ minimum: 1, maximum: 366, description: 'whole days from now' }) }, { additionalProperties: false });

export const vacationRoutes: FastifyPluginAsyncTypebox<{ vacations: VacationService }> = async (app, { vacations }) => {
  app.get('/me/vacation', {
    schema: { operationId: 'getVacation', tags, security: tokenRequired, summary: 'Your vacation allowance, and your vacation if you are away', response: { 200: described(Vacation, 'Your time away'), ...errors(401) } },
  }, async (request) => vacations.get(request.player));

  app.post('/me/vacation', {
    schema: {
      operationId: 'startVacation', tags, security: tokenRequired, summary: 'Go away for some days: your turn clocks pause in all your games',
      description: 'Every running deadline of yours moves back by the vacation\'s length, and a turn of yours that begins meanwhile gets its deadline after it: you are not timed out (nor reminded, nor replaced by a bot) while away. 409 ALREADY_AWAY, 409 VACATION_EXHAUSTED.',
      body: StartBody, response: { 200: described(Vacation, 'You are away'), ...errors(400, 401, 409) },
    },
  }, async (request) => vacations.start(request.player, request.body.days));

  app.delete('/me/vacation', {
    schema: {
      operationId: 'endVacation', tags, security: tokenRequired, summary: 'Come back early (the whole days not used return to your allowance)',
      response: { 200: described(Vacation, 'You are back'), ...errors(401, 409) },
    },
  }, async (request) => vacations.end(request.player));
};
