/**
 * Turn deadlines and reminders. The truth is on the seat rows (deadline_at, reminder_at, reminded,
 * turn_version), written with each move; pg-boss holds one scheduled job per reminder and per deadline,
 * and a sweep at start and every `sweepIntervalMs` catches any that a crash lost, so deadlines survive
 * restarts. "Now" is the injected clock's: tests move it and call `sweep()` instead of sleeping.
 *
 * - Reminder due: one `turn.reminder` outbox row per endpoint of the seat's player, written in the same
 *   statement that marks the turn reminded (so exactly once per turn).
 * - Deadline passed: `GameService.timeOut` applies the game's policy (the seat's bot moves, or the seat
 *   forfeits) through the ordinary move path, so the log, webhooks and subscriptions see a normal move.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../store/database.js';
import type { GameService } from '../service/game-service.js';
import type { GameRow } from '../store/event-store.js';
import { delaySeconds, type JobQueue } from '../jobs/queue.js';
import { EVENT_ORDINAL, newDeliveryId } from '../store/outbox.js';
import { Prisma } from '../generated/prisma/client.js';
import type { Clock } from '../store/clock.js';
import { WorkerLifecycle } from '../store/worker-lifecycle.js';

export const TIMER_QUEUE = 'turn-timer';

export interface TimerOptions {
  readonly sweepIntervalMs: number;
}

/** The sweep is a safety net for jobs a crash lost; the jobs themselves are fetched every JOB_POLL_SECONDS. */
export const DEFAULT_TIMER_OPTIONS: TimerOptions = { sweepIntervalMs: 30_000 };

/** How late a due reminder or deadline may fire: turn clocks run in hours and days, an idle poll costs a statement. */
const JOB_POLL_SECONDS = 5;

interface TimerJob {
  readonly gameId: string;
  readonly seat: number;
  readonly turnVersion: number;
  readonly kind: 'reminder' | 'deadline';
}

interface DueSeat {
  game_id: string;
  seat: number;
  turn_version: number;
  deadline_at: Date;
  reminder_at: Date | null;
  reminded: boolean;
}

export class TurnTimers {
  private boss: JobQueue | null = null;
  /** Sweeps, work under way, and the two-step stop (see WorkerLifecycle). */
  private readonly life = new WorkerLifecycle();
  /** Serialises the work on one game (a reminder and a deadline due together, a sweep and a job). */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly clock: Clock,
    private readonly options: TimerOptions,
    private readonly log: FastifyBaseLogger,
    /** Called after a reminder was written (the webhook dispatcher's nudge). */
    private readonly reminded: (gameId: string) => void,
  ) {}

  async start(boss: JobQueue): Promise<void> {
    this.boss = boss;
    await boss.createQueue(TIMER_QUEUE);
    await boss.work<TimerJob>(TIMER_QUEUE, { batchSize: 8, pollingIntervalSeconds: JOB_POLL_SECONDS }, async (jobs) => {
      await Promise.all(jobs.map((job) => this.processGame(job.data.gameId)));
    });
    await this.sweep();
    this.life.every(this.options.sweepIntervalMs, () => this.sweep(), (err) => this.log.error({ err }, 'timer sweep failed'));
  }

  /** Work under way may commit moves whose deadlines must still be queued before the queue stops. */
  stop(): Promise<void> {
    return this.life.stop();
  }

  /** After a commit of a timed game: schedule the jobs for its running deadlines. */
  onCommitted = (game: GameRow): void => {
    if (!this.boss || this.life.stopped || game.clock === null || game.clock === undefined) return;
    void this.life.track(this.schedule(game.id, game.version)).catch((err) => this.log.error({ err, gameId: game.id }, 'scheduling a deadline failed'));
  };

  /** Jobs for the turns that began at `version` (older ones were scheduled when they began). */
  private async schedule(gameId: string, version: number): Promise<void> {
    const rows = await this.db.$queryRaw<DueSeat[]>`
      SELECT game_id, index AS seat, turn_version, deadline_at, reminder_at, reminded
        FROM seats WHERE game_id = ${gameId}::uuid AND deadline_at IS NOT NULL AND turn_version = ${version}`;
    const now = this.clock.now();
    for (const row of rows) {
      const base = { gameId, seat: row.seat, turnVersion: row.turn_version };
      if (row.reminder_at && !row.reminded) await this.send({ ...base, kind: 'reminder' }, row.reminder_at, now);
      await this.send({ ...base, kind: 'deadline' }, row.deadline_at, now);
    }
  }

  private async send(job: TimerJob, at: Date, now: Date): Promise<void> {
    if (!this.boss || this.life.stopped) return;
    await this.boss.send(TIMER_QUEUE, job, {
      startAfter: delaySeconds(at, now),
      // Duplicates (a game scheduled twice) are harmless: the handler acts only on what is due.
      retryLimit: 3,
      retryDelay: 5,
    });
  }

  /** Applies every reminder and deadline that is due by the clock; returns how many it handled. */
  async sweep(): Promise<number> {
    if (this.life.closing) return 0;
    const now = this.clock.now();
    const games = await this.db.$queryRaw<{ game_id: string }[]>`
      SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id AND g.status = 'active'
       WHERE s.deadline_at IS NOT NULL AND (s.deadline_at <= ${now} OR (s.reminder_at <= ${now} AND NOT s.reminded))`;
    let handled = 0;
    for (const { game_id } of games) handled += await this.processGame(game_id);
    return handled;
  }

  /** Reminders, then deadlines, of one game that are due now. */
  processGame(gameId: string): Promise<number> {
    const previous = this.chains.get(gameId) ?? Promise.resolve();
    const run = previous.then(() => this.processGameNow(gameId)).catch((err) => {
      this.log.error({ err, gameId }, 'turn timer failed');
      return 0;
    });
    this.chains.set(gameId, run);
    void run.finally(() => {
      if (this.chains.get(gameId) === run) this.chains.delete(gameId);
    });
    return this.life.track(run);
  }

  private async processGameNow(gameId: string): Promise<number> {
    if (this.life.closing) return 0;
    const now = this.clock.now();
    const due = await this.db.$queryRaw<DueSeat[]>`
      SELECT s.game_id, s.index AS seat, s.turn_version, s.deadline_at, s.reminder_at, s.reminded
        FROM seats s JOIN games g ON g.id = s.game_id AND g.status = 'active'
       WHERE s.game_id = ${gameId}::uuid AND s.deadline_at IS NOT NULL
         AND (s.deadline_at <= ${now} OR (s.reminder_at <= ${now} AND NOT s.reminded))
       ORDER BY s.deadline_at, s.index`;
    let handled = 0;
    for (const seat of due) {
      if (seat.reminder_at && !seat.reminded && seat.reminder_at <= now && (await this.remind(seat, now))) handled++;
      if (seat.deadline_at <= now && (await this.games.timeOut(gameId, seat.seat, seat.turn_version))) handled++;
    }
    return handled;
  }

  /** Marks the turn reminded and writes its `turn.reminder` outbox rows, in one statement. */
  private async remind(seat: DueSeat, now: Date): Promise<boolean> {
    const rows = await this.db.$queryRaw<{ id: string }[]>`
      WITH marked AS (
        UPDATE seats SET reminded = true
         WHERE game_id = ${seat.game_id}::uuid AND index = ${seat.seat} AND turn_version = ${seat.turn_version}
           AND NOT reminded AND reminder_at <= ${now}
        RETURNING game_id, index, turn_version, player_id
      ), outbox AS (
        INSERT INTO webhook_deliveries (id, endpoint_id, event_type, game_id, seq, ordinal, seat, player_id, next_attempt_at, created_at)
        SELECT ${Prisma.raw(newDeliveryId)}, e.id, 'turn.reminder', m.game_id, m.turn_version, ${EVENT_ORDINAL['turn.reminder']}::int, m.index,
               CASE WHEN e.app_id IS NULL THEN NULL ELSE m.player_id END, ${now}, ${now}
          FROM marked m JOIN players pl ON pl.id = m.player_id
          -- the player's own endpoints, and those of the app that created the player (one delivery each)
          JOIN webhook_endpoints e ON e.enabled AND 'turn.reminder' = ANY(e.event_types) AND (e.owner_id = m.player_id OR e.app_id = pl.app_id)
           AND (e.game_id IS NULL OR e.game_id = m.game_id)
        ON CONFLICT DO NOTHING
      )
      SELECT game_id::text AS id FROM marked`;
    if (rows.length === 0) return false;
    this.reminded(seat.game_id);
    return true;
  }

}
