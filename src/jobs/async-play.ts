/**
 * Wires asynchronous play into the app: the job queue (pg-boss) with the turn timers and the retention
 * purge on it, the webhook delivery worker (woken by commits and its own timers, see
 * src/webhooks/dispatcher.ts) and its management service. Workers start when the app is ready and stop when it closes;
 * with `workers: false` nothing runs (the outbox still fills: another instance, or a later start, delivers).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../store/database.js';
import type { GameService } from '../service/game-service.js';
import type { BotDriver } from '../service/bot-driver.js';
import type { Clock } from '../store/clock.js';
import { DEFAULT_TIMER_OPTIONS, TurnTimers, type TimerOptions } from './timers.js';
import { DEFAULT_WEBHOOK_OPTIONS, WebhookDispatcher, type WebhookOptions } from '../webhooks/dispatcher.js';
import { WebhookService } from '../webhooks/service.js';
import { startQueue, type JobQueue } from './queue.js';
import { DEFAULT_RETENTION_OPTIONS, scheduleRetention, type RetentionOptions } from './retention.js';

export interface AsyncPlayOptions {
  readonly databaseUrl: string;
  readonly db: Database;
  readonly games: GameService;
  readonly clock: Clock;
  readonly webhooks?: Partial<WebhookOptions> | undefined;
  readonly timers?: Partial<TimerOptions> | undefined;
  readonly retention?: Partial<RetentionOptions> | undefined;
  /** Run the queue workers in this process (default true). */
  readonly workers?: boolean | undefined;
  /**
   * The in-process bot driver: every timer sweep also resumes games whose bot turn nobody is playing
   * (a bot move that failed, a human move committed by another instance).
   */
  readonly bots?: BotDriver | undefined;
}

export interface AsyncPlay {
  readonly webhooks: WebhookService;
  readonly dispatcher: WebhookDispatcher;
  readonly timers: TurnTimers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createAsyncPlay(app: FastifyInstance, options: AsyncPlayOptions): AsyncPlay {
  const webhookOptions: WebhookOptions = { ...DEFAULT_WEBHOOK_OPTIONS, ...options.webhooks };
  const timerOptions: TimerOptions = { ...DEFAULT_TIMER_OPTIONS, ...options.timers };
  const dispatcher = new WebhookDispatcher(options.db, options.games, options.clock, webhookOptions, app.log);
  const webhooks = new WebhookService(options.db, dispatcher, options.clock, webhookOptions);
  const timers = new TurnTimers(options.db, options.games, options.clock, timerOptions, app.log, dispatcher.nudgeGame);
  options.games.onCommitted((game, deliveries) => {
    // Only a commit that wrote deliveries wakes the dispatcher (whichever instance's endpoints they are for).
    if (deliveries > 0) dispatcher.nudgeGame(game.id);
    timers.onCommitted(game);
  });
  let boss: JobQueue | null = null;
  let botSweep: NodeJS.Timeout | null = null;
  return {
    webhooks,
    dispatcher,
    timers,
    async start() {
      if (options.workers === false || boss) return;
      boss = await startQueue(options.databaseUrl, app.log);
      await dispatcher.start();
      await timers.start(boss);
      await scheduleRetention(boss, options.db, { ...DEFAULT_RETENTION_OPTIONS, ...options.retention }, options.clock, app.log);
      const bots = options.bots;
      if (bots) {
        botSweep = setInterval(() => {
          options.games.gamesWithBotTurns().then(
            (ids) => ids.forEach((id) => bots.kick(id)),
            (err: unknown) => app.log.error({ err }, 'bot sweep failed'),
          );
        }, timerOptions.sweepIntervalMs);
        botSweep.unref();
      }
    },
    async stop() {
      if (botSweep) clearInterval(botSweep);
      await timers.stop();
      await dispatcher.stop();
      if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
      boss = null;
    },
  };
}
