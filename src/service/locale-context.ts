/**
 * The locale a request asked for, carried through the async work that serves it (AsyncLocalStorage),
 * so the paths that render logs (move answers, histories, streams, webhook bodies) need no locale
 * parameter of their own. Transports set it from `Accept-Language` or a `lang` parameter; the webhook
 * dispatcher from the endpoint's setting. Nothing set: English.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE } from './locales.js';

const storage = new AsyncLocalStorage<string>();

export const currentLocale = (): string => storage.getStore() ?? DEFAULT_LOCALE;

/** Runs `fn` (and everything it awaits) in `locale`. */
export const withLocale = <T>(locale: string, fn: () => T): T => storage.run(locale, fn);

/** Each step of `source` taken in `locale` (an iterator's body runs in the context of whoever pulls it). */
export async function* iterateInLocale<T>(locale: string, source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await storage.run(locale, () => it.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await storage.run(locale, async () => it.return?.());
  }
}
