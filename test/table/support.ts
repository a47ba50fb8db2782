/** What the table's tests share: an SSE reader over a real listening server and a graphql-ws connection. */
import type { FastifyInstance } from 'fastify';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface Stream {
  /** Everything received so far, as sent (for "never appears" checks). */
  readonly raw: () => string;
  next(timeoutMs?: number): Promise<EventSourceMessage>;
  close(): void;
}

/** Opens a Server-Sent Events stream with fetch, as a browser without WebSockets would. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  if (response.status !== 200) throw new Error(`stream ${url}: ${response.status} ${await response.text()}`);
  const inbox: EventSourceMessage[] = [];
  const waiters: ((m: EventSourceMessage) => void)[] = [];
  let raw = '';
  const parser = createParser({
    onEvent: (message) => {
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else inbox.push(message);
    },
  });
  void (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        raw += text;
        parser.feed(text);
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    raw: () => raw,
    next: (timeoutMs = 20_000) => {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no event within ${timeoutMs} ms from ${url}`)), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
    close: () => abort.abort(),
  };
}

export interface Socket {
  /** The next message, or 'quiet' when none came within `timeoutMs`. */
  next(timeoutMs?: number): Promise<any>;
  send(message: unknown): void;
  close(): void;
}

/** A graphql-ws (graphql-transport-ws) connection to `app`, acknowledged. */
export async function connect(app: FastifyInstance, token: string): Promise<Socket> {
  const ws = await app.injectWS('/graphql', { headers: { 'sec-websocket-protocol': 'graphql-transport-ws' } });
  const inbox: any[] = [];
  const waiters: ((m: any) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const socket: Socket = {
    next: (timeoutMs = 15_000) =>
      inbox.length > 0
        ? Promise.resolve(inbox.shift())
        : new Promise((resolve) => {
            const waiter = (m: any) => {
              clearTimeout(timer);
              resolve(m);
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              resolve('quiet');
            }, timeoutMs);
            waiters.push(waiter);
          }),
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.terminate(),
  };
  socket.send({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
  const ack = await socket.next();
  if (ack.type !== 'connection_ack') throw new Error(`no ack: ${JSON.stringify(ack)}`);
  return socket;
}
