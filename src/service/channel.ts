/**
 * An async iterator fed by pushes, that can be closed from outside at any moment (a subscriber leaving
 * a quiet game must not leave a listener behind until the next event, as an async generator would).
 */
export class Channel<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | null = null;
  private closed = false;

  constructor(private readonly onClose: () => void = () => undefined) {}

  push(value: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
    } else {
      this.queue.push(value);
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.queue.length > 0) return Promise.resolve({ value: this.queue.shift() as T, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.onClose();
    this.waiting?.({ value: undefined, done: true });
    this.waiting = null;
  }

  async return(): Promise<IteratorResult<T>> {
    this.close();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * Runs `body` over `source` and closes `source` when the consumer stops early, so the generator's
 * pending wait ends at once.
 */
export function closable<S, T>(source: Channel<S>, body: (source: AsyncIterable<S>) => AsyncGenerator<T>): AsyncIterableIterator<T> {
  const inner = body(source);
  return {
    next: () => inner.next(),
    return: async () => {
      source.close();
      return inner.return(undefined);
    },
    throw: async (error: unknown) => {
      source.close();
      return inner.throw(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
