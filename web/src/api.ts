/**
 * Everything the client knows of the service goes through here: the typed REST client
 * (clients/typescript, the same one any third-party frontend would copy) and the graphql-ws client for
 * live updates. No import reaches into the service's own code (src/).
 */
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { createPortolanClient, unwrap, PortolanError, type PortolanClient, type Game } from '../../clients/typescript/index.js';

export { unwrap, PortolanError };
export type { Game };

/** The service's URL: VITE_PORTOLAN_URL at build time, else the origin that served these files. */
export const BASE_URL: string = ((import.meta.env.VITE_PORTOLAN_URL as string | undefined) || window.location.origin).replace(/\/+$/, '');

const TOKEN_KEY = 'portolan.token';
const NAME_KEY = 'portolan.name';

export interface Session {
  readonly token: string;
  readonly name: string;
  readonly playerId: string;
}

export function loadSession(): Session | null {
  try {
    const raw = localStorage.getItem(TOKEN_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    return parsed.token && parsed.playerId ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) {
    localStorage.setItem(TOKEN_KEY, JSON.stringify(session));
    localStorage.setItem(NAME_KEY, session.name);
  } else localStorage.removeItem(TOKEN_KEY);
}

export function lastName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

/**
 * Back-off shared by every request of the page: after a 429 or 503 nothing is sent until the server's
 * Retry-After has passed (or, without one, a wait that doubles with each refusal up to a minute), so a
 * page never spends a player's whole rate budget retrying.
 */
const backoff = { until: 0, wait: 1000 };

/** How long requests are still held back after a 429/503 (0 when they go at once). */
export function backoffRemaining(): number {
  return Math.max(0, backoff.until - Date.now());
}

export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The client's language: the API serves log texts in it (Accept-Language on every request). */
let language = 'en';
export const setApiLanguage = (next: string): void => {
  language = next;
};

async function politeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const pause = backoff.until - Date.now();
  if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set('Accept-Language', language);
  const response = await fetch(input, { ...init, headers });
  if (response.status === 429 || response.status === 503) {
    const told = retryAfterMs(response.headers.get('retry-after'));
    backoff.until = Date.now() + (told ?? backoff.wait);
    backoff.wait = Math.min(backoff.wait * 2, 60_000);
  } else if (response.ok) backoff.wait = 1000;
  return response;
}

/**
 * The explanations of a game's refusal codes in the client's language (the API's error messages stay
 * English; the code says which explanation to show). Empty when they cannot be read.
 */
export async function refusalExplanations(type: string): Promise<Record<string, string>> {
  const response = await politeFetch(`${BASE_URL}/v1/game-types/${encodeURIComponent(type)}/refusals`);
  if (!response.ok) return {};
  return ((await response.json()) as { explanations: Record<string, string> }).explanations;
}

export function api(session: Session | null): PortolanClient {
  return createPortolanClient({ baseUrl: BASE_URL, fetch: politeFetch, ...(session ? { token: session.token } : {}) });
}

export async function register(name: string): Promise<Session> {
  const answer = await unwrap(api(null).api.POST('/v1/players', { body: { name } }));
  return { token: answer.token, name: answer.player.name, playerId: answer.player.id };
}

const sessionOf = (answer: { token: string; player: { id: string; name: string } }): Session => ({ token: answer.token, name: answer.player.name, playerId: answer.player.id });

/** Signs in with a passkey of this site (the browser asks which one): a new token for this browser. */
export async function signInWithPasskey(): Promise<Session> {
  const client = api(null);
  const { challengeId, options } = await unwrap(client.api.POST('/v1/sessions/passkey/options'));
  const response = await startAuthentication({ optionsJSON: options as never });
  return sessionOf(await unwrap(client.api.POST('/v1/sessions/passkey', { body: { challengeId, response: response as never } })));
}

/** Signs in with a one-time code shown by a signed-in device. */
export async function signInWithCode(code: string): Promise<Session> {
  return sessionOf(await unwrap(api(null).api.POST('/v1/sessions/code', { body: { code } })));
}

/** A token handed to this client (a site that signs its users in mints it): whose it is. */
export async function sessionFromToken(token: string): Promise<Session> {
  const me = await unwrap(api({ token, name: '', playerId: '' }).api.GET('/v1/me'));
  return { token, name: me.name, playerId: me.id };
}

/** Creates a passkey in this browser's authenticator and keeps it on the service. */
export async function addPasskey(session: Session, label: string): Promise<void> {
  const client = api(session);
  const { challengeId, options } = await unwrap(client.api.POST('/v1/me/passkeys/options'));
  const response = await startRegistration({ optionsJSON: options as never });
  await unwrap(client.api.POST('/v1/me/passkeys', { body: { challengeId, response: response as never, label } }));
}

/** How this player could come back after this browser signs out: its passkeys and its other tokens. */
export async function waysBack(session: Session): Promise<{ passkeys: number; otherTokens: number }> {
  const client = api(session);
  const [passkeys, tokens] = await Promise.all([unwrap(client.api.GET('/v1/me/passkeys')), unwrap(client.api.GET('/v1/me/tokens'))]);
  return { passkeys: passkeys.items.length, otherTokens: tokens.items.filter((t) => !t.current).length };
}

/** Revokes this browser's own token on the service (signing out for real, not only forgetting it). */
export async function revokeOwnToken(session: Session): Promise<void> {
  const client = api(session);
  const tokens = await unwrap(client.api.GET('/v1/me/tokens'));
  const own = tokens.items.find((t) => t.current);
  if (own) await revokeToken(session, own.id);
}

/** Revokes one of this player's tokens (204: nothing to unwrap). */
export async function revokeToken(session: Session, id: string): Promise<void> {
  const { response, error } = await api(session).api.DELETE('/v1/me/tokens/{id}', { params: { path: { id } } });
  if (!response.ok) {
    const body = (error ?? {}) as { error?: { code?: string; message?: string } };
    throw new PortolanError(response.status, body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? `HTTP ${response.status}`);
  }
}

let ws: { client: WsClient; token: string | null } | null = null;

/** One graphql-ws connection per token, shared by every subscription of the page. */
export function subscriptions(session: Session | null): WsClient {
  const token = session?.token ?? null;
  if (ws && ws.token === token) return ws.client;
  void ws?.client.dispose();
  const url = BASE_URL.replace(/^http/, 'ws') + '/graphql';
  const client = createWsClient({
    url,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
  });
  ws = { client, token };
  return client;
}

/** Subscribes; returns the function that ends the subscription. */
export function subscribe<T>(session: Session | null, query: string, variables: Record<string, unknown>, onData: (data: T) => void): () => void {
  return subscriptions(session).subscribe<T>(
    { query, variables },
    {
      next: (message) => {
        if (message.data) onData(message.data as T);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
}

export function errorText(error: unknown): string {
  if (error instanceof PortolanError) return `${error.message} (${error.code})`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A name for each seat, as the service's logs name them: the player's name or the bot's level ("Greedy
 * bot"), numbered in seat order when several seats share one ("Random bot 1", "Random bot 2").
 */
export function seatNames(game: Game): { seat: number; name: string; bot?: boolean }[] {
  const base = game.seats.map((s) => (s.player ? s.player.name : s.bot ? `${s.bot[0]!.toUpperCase()}${s.bot.slice(1)} bot` : null));
  const total = new Map<string, number>();
  for (const name of base) if (name) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return game.seats.map((s, i) => {
    const name = base[i];
    if (!name) return { seat: s.index, name: `Seat ${s.index + 1} (open)` };
    let shown = name;
    if ((total.get(name) ?? 0) > 1) {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      shown = `${name} ${n}`;
    }
    return s.bot && !s.player ? { seat: s.index, name: shown, bot: true } : { seat: s.index, name: shown };
  });
}
