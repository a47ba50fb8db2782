/**
 * At the table (docs/table.md): challenges, matchmaking seeks and table chat, wired into the app as one
 * piece: the notices' fan-out across instances, the services, their REST routes, GraphQL and the sweeps
 * (expiry, matching) that run while the app does.
 */
import type pg from 'pg';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from './store/database.js';
import type { GameService } from './service/game-service.js';
import type { Clock } from './store/clock.js';
import { TableFeed } from './store/table-feed.js';
import { TableEvents, type TableNotice } from './service/table-events.js';
import { ChallengeService, DEFAULT_CHALLENGE_OPTIONS, type ChallengeOptions } from './service/challenges.js';
import type { Player } from './service/players.js';
import { challengeRoutes } from './http/routes/challenges.js';
import { seekRoutes } from './http/routes/seeks.js';
import { chatRoutes } from './http/routes/chat.js';
import { visitRoutes } from './http/routes/visits.js';
import { VisitService } from './service/visits.js';
import { vacationRoutes } from './http/routes/vacations.js';
import { DEFAULT_VACATION_OPTIONS, VacationService, type VacationOptions } from './service/vacations.js';
import { ChatService, DEFAULT_CHAT_OPTIONS, type ChatOptions } from './service/chat.js';
import { DEFAULT_SEEK_OPTIONS, SeekService, type SeekOptions } from './service/seeks.js';
import type { PlayerNotices } from './http/routes/events.js';
import { tableResolvers, tableSchema } from './graphql/table.js';

export interface TableOptions extends ChallengeOptions, SeekOptions, ChatOptions, VacationOptions {
  /** How often each instance looks for expired challenges. */
  readonly sweepIntervalMs: number;
  /** How often each instance matches seeks again (expiry, bots after a wait, matches a crash left unmade). */
  readonly seekSweepIntervalMs: number;
}

export const DEFAULT_TABLE_OPTIONS: TableOptions = { ...DEFAULT_CHALLENGE_OPTIONS, ...DEFAULT_SEEK_OPTIONS, ...DEFAULT_CHAT_OPTIONS, ...DEFAULT_VACATION_OPTIONS, sweepIntervalMs: 30_000, seekSweepIntervalMs: 5_000 };

export interface TableWiring {
  readonly databaseUrl: string;
  readonly pool: pg.Pool;
  readonly db: Database;
  readonly games: GameService;
  readonly clock: Clock;
  /** Wakes the webhook dispatcher for a game with new outbox rows. */
  readonly delivered: (gameId: string) => void;
  readonly options?: Partial<TableOptions> | undefined;
}

export interface Table {
  readonly challenges: ChallengeService;
  readonly seeks: SeekService;
  readonly chat: ChatService;
  readonly events: TableEvents;
  readonly notices: PlayerNotices;
  readonly routes: FastifyPluginAsync;
  readonly schema: string;
  readonly resolvers: Record<string, unknown>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createTable(app: FastifyInstance, wiring: TableWiring): Table {
  const options: TableOptions = { ...DEFAULT_TABLE_OPTIONS, ...wiring.options };
  const feed = new TableFeed(wiring.databaseUrl, wiring.pool, app.log);
  const events = new TableEvents(feed);
  feed.onNotice((notice) => events.receive(notice));
  const challenges = new ChallengeService(wiring.db, wiring.games, events, wiring.clock, options, wiring.delivered);
  wiring.games.guardJoins(challenges.admits);
  const seeks = new SeekService(wiring.db, wiring.pool, wiring.games, events, wiring.clock, options);
  const chat = new ChatService(wiring.db, wiring.games, events, wiring.clock, options, wiring.delivered);
  const visits = new VisitService(wiring.db, wiring.games, app.log);
  wiring.games.observeViews(visits.viewed);
  const vacations = new VacationService(wiring.db, wiring.clock, options);
  // A turn that begins for a player who is away gets its deadline after the vacation.
  wiring.games.onCommitted((game) => {
    if (game.clock && game.status === 'active') vacations.onCommitted(game.id, game.version).catch((err: unknown) => app.log.error({ err, gameId: game.id }, 'vacation deadline failed'));
  });
  const sweeps: NodeJS.Timeout[] = [];
  const every = (ms: number, what: string, work: () => Promise<unknown>) => {
    const timer = setInterval(() => void work().catch((err: unknown) => app.log.error({ err }, `${what} failed`)), ms);
    timer.unref();
    sweeps.push(timer);
  };
  const describe = async (player: Player, notice: TableNotice): Promise<unknown> => {
    if (notice.kind === 'challenge') return challenges.get(player, notice.id).catch(() => ({ id: notice.id, gameId: notice.gameId }));
    if (notice.kind === 'match') return seeks.get(player, notice.id).catch(() => ({ id: notice.id, gameId: notice.gameId }));
    return { id: notice.id, gameId: notice.gameId };
  };
  return {
    challenges,
    seeks,
    chat,
    events,
    notices: { events, describe },
    routes: async (v1) => {
      await v1.register(challengeRoutes, { challenges });
      await v1.register(seekRoutes, { seeks });
      await v1.register(chatRoutes, { chat, events });
      await v1.register(visitRoutes, { visits });
      await v1.register(vacationRoutes, { vacations });
    },
    schema: tableSchema,
    resolvers: tableResolvers({ challenges, seeks, chat, visits, vacations }, events),
    async start() {
      await feed.listen();
      every(options.sweepIntervalMs, 'challenge expiry sweep', () => challenges.expireDue());
      every(options.seekSweepIntervalMs, 'seek sweep', () => seeks.sweep());
    },
    async stop() {
      for (const timer of sweeps) clearInterval(timer);
      await feed.stop();
    },
  };
}
