/**
 * The lifecycle both queue workers (webhook deliveries, turn timers) share: a periodic sweep, the work
 * under way, and a two-step stop. While `closing`, no new work should start, but work under way may still
 * queue jobs (a move it commits needs its notifications); once `stopped`, nothing touches the queue.
 */
export class WorkerLifecycle {
  closing = false;
  stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Runs `sweep` every `intervalMs` until closing; its failures go to `onError`. */
  every(intervalMs: number, sweep: () => Promise<unknown>, onError: (err: unknown) => void): void {
    this.timer = setInterval(() => {
      if (!this.closing) void sweep().catch(onError);
    }, intervalMs);
    this.timer.unref();
  }

  /** Counts `promise` as work under way until it settles. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
    return promise;
  }

  async stop(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    this.stopped = true;
  }
}
