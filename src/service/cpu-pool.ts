/**
 * CPU-heavy work off the event loop: a pool of worker threads (piscina) runs the tasks of ./cpu-tasks.ts,
 * so that a record replayed for a stranger, a long replay of a past position or a bot's search never holds
 * the thread that answers requests. Each task has a hard timeout (a thread still running then is stopped
 * and replaced, whatever the engine is doing), the queue is bounded (beyond it: 503 SERVER_BUSY), and bot
 * turns have a cap of their own on what they may run at once, so bots alone never fill the pool.
 *
 * A game type the worker threads do not know as the same definition (tests add games of their own) runs
 * inline, through the same functions. `threads: 0` runs everything inline.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { AnyGameDefinition, Seat } from '../engine/types.js';
import { GAMES, type GameRegistry } from '../games/registry.js';
import { ServiceError } from './errors.js';
import { runTask, type CpuAnswer, type CpuTask, type ElsewhereRecord, type FoldMove } from './cpu-tasks.js';
import { VERIFY_BUDGET_MS, verifyRecord, type RecordToVerify, type VerifyResult } from './record-verify.js';

export interface CpuPoolOptions {
  /** Worker threads; 0: every task inline (on the event loop). */
  readonly threads: number;
  /** Hard limit of one task, waiting included: the thread running it is stopped after it. */
  readonly taskTimeoutMs: number;
  /** Tasks that may wait for a thread; more are refused with SERVER_BUSY. */
  readonly maxQueue: number;
  /** Bot turns computed at once on this instance; later ones wait their turn (not refused). */
  readonly botsInFlight: number;
  /** A replay of at least this many stored moves runs in the pool; shorter ones inline. */
  readonly replayMinMoves: number;
}

/** Half the cores (at least one): the other half stays for the event loop and Postgres. */
export const autoThreads = (): number => Math.max(1, Math.floor(availableParallelism() / 2));

export const DEFAULT_CPU_POOL_OPTIONS: CpuPoolOptions = {
  threads: autoThreads(),
  taskTimeoutMs: 10_000,
  maxQueue: 64,
  botsInFlight: 2,
  replayMinMoves: 200,
};

/** Where the worker entry is: beside this file, with this file's extension (.ts from source, .js built). */
const WORKER_URL = new URL(`./cpu-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/** Engines the worker threads hold, by id: a task of another definition runs inline. */
const BUILT_IN = new Map(GAMES.map((game) => [game.id, game]));

type Answered = CpuAnswer & { readonly threadId: number };

export class CpuPool {
  private pool: Piscina | null = null;
  private botsRunning = 0;
  private readonly botsWaiting: (() => void)[] = [];
  private closed = false;
  /** Thread of the last task answered (0: the main thread); tests check that work left the event loop. */
  lastThreadId = -1;
  /** Tasks a thread is running now. */
  running = 0;

  constructor(
    private readonly registry: GameRegistry,
    readonly options: CpuPoolOptions = DEFAULT_CPU_POOL_OPTIONS,
  ) {}

  /** Checks and replays a record sent as a request body (parsing included: an 8 MiB body takes a while). */
  async verifyText(bytes: Uint8Array): Promise<VerifyResult> {
    const value = await this.run(
      { kind: 'verify-text', bytes, budgetMs: VERIFY_BUDGET_MS },
      this.options.threads > 0,
      verifyTimeout,
    );
    const elsewhere = (value as Partial<ElsewhereRecord>).elsewhere;
    if (elsewhere === undefined) return value as VerifyResult;
    // A game type the threads do not hold: this registry's own (a test's game), or UNKNOWN_GAME_TYPE.
    return verifyRecord(this.registry, elsewhere);
  }

  /** Replays a record already parsed and checked (GraphQL's argument). */
  async verify(record: RecordToVerify): Promise<VerifyResult> {
    return (await this.run(
      { kind: 'verify', record, budgetMs: VERIFY_BUDGET_MS },
      this.offloads(record.type),
      verifyTimeout,
    )) as VerifyResult;
  }

  /** `moves` applied to `state`: in the pool when they are many, inline otherwise. */
  async fold(engine: AnyGameDefinition, gameId: string, state: unknown, moves: readonly FoldMove[]): Promise<unknown> {
    const task: CpuTask = {
      kind: 'fold',
      type: engine.id,
      gameId,
      state,
      moves: moves.map(({ seq, seat, kind, payload }) => ({ seq, seat, kind, payload })),
    };
    const away = moves.length >= this.options.replayMinMoves && this.offloads(engine.id);
    return this.run(task, away, workTimeout);
  }

  /** A bot's move at `level`, chosen by the game's own bot; at most `botsInFlight` at once. */
  async botMove(
    engine: AnyGameDefinition,
    state: unknown,
    seat: Seat,
    input: { level: string; seed: string },
  ): Promise<unknown> {
    await this.botSlot();
    try {
      return await this.run(
        { kind: 'bot', type: engine.id, state, seat, ...input },
        this.offloads(engine.id),
        workTimeout,
      );
    } finally {
      this.releaseBot();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.botsWaiting.splice(0)) wake();
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  /** Whether a task of this game type goes to the threads: they hold the very same definition. */
  private offloads(type: string): boolean {
    return (
      this.options.threads > 0 && BUILT_IN.get(type) !== undefined && BUILT_IN.get(type) === this.registry.get(type)
    );
  }

  private async run(task: CpuTask, away: boolean, onTimeout: (ms: number) => ServiceError): Promise<unknown> {
    const answer = away ? await this.runAway(task, onTimeout) : { ...runTask(this.registry, task), threadId: 0 };
    this.lastThreadId = answer.threadId;
    if (!answer.ok) throw new ServiceError(answer.code, answer.message, answer.status);
    return answer.value;
  }

  /**
   * Runs a task on a thread. The hard timeout starts when a thread takes the task (it says so on a port of
   * its own), so that starting a thread, which loads every engine, or waiting in the bounded queue does not
   * count; once it fires, piscina stops the thread, whatever the engine is doing, and starts another.
   */
  private async runAway(task: CpuTask, onTimeout: (ms: number) => ServiceError): Promise<Answered> {
    if (this.closed) throw new ServiceError('UNAVAILABLE', 'the service is shutting down');
    const pool = this.threads();
    if (pool.queueSize >= this.options.maxQueue) throw busy();
    const controller = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      this.running++;
      timer = setTimeout(() => controller.abort(), this.options.taskTimeoutMs);
    });
    try {
      return (await pool.run(
        { ...task, started: port2 },
        { signal: controller.signal, transferList: [port2] as never },
      )) as Answered;
    } catch (error) {
      if (controller.signal.aborted) throw onTimeout(this.options.taskTimeoutMs);
      if (/queue is at limit/i.test((error as Error).message)) throw busy();
      throw error;
    } finally {
      if (timer !== undefined) this.running--;
      clearTimeout(timer);
      port1.close();
    }
  }

  /** The threads, started on first use (an instance that never needs them starts none). */
  private threads(): Piscina {
    this.pool ??= new Piscina({
      filename: WORKER_URL,
      minThreads: 0,
      maxThreads: this.options.threads,
      maxQueue: this.options.maxQueue,
      // Starting a thread loads every engine: keep an idle one a while rather than start it again.
      idleTimeout: 60_000,
    });
    return this.pool;
  }

  private botSlot(): Promise<void> {
    if (this.botsRunning < this.options.botsInFlight || this.closed) {
      this.botsRunning++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.botsWaiting.push(() => {
        this.botsRunning++;
        resolve();
      }),
    );
  }

  private releaseBot(): void {
    this.botsRunning--;
    this.botsWaiting.shift()?.();
  }
}

const busy = () => new ServiceError('SERVER_BUSY', 'the server has too much work queued; try again shortly');
const verifyTimeout = (ms: number) =>
  new ServiceError('VERIFY_BUDGET_EXCEEDED', `the replay took longer than ${ms} ms`, 422);
const workTimeout = (ms: number) => new ServiceError('WORK_TIMEOUT', `the work took longer than ${ms} ms`);
