/**
 * The one way service tests build the app: a fresh database cloned from the migrated template (see
 * scripts/test.ts), the real app with the test game added, and teardown that closes both.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { GAMES } from '../src/games/registry.js';
import { nim } from './support/nim.js';

interface Teardown {
  teardown(fn: () => unknown): void;
}

function serverUrl(): { url: string; template: string } {
  const url = process.env.PORTOLAN_TEST_SERVER_URL;
  const template = process.env.PORTOLAN_TEST_TEMPLATE;
  if (!url || !template) throw new Error('run the tests with `npm test` (it provides the database)');
  return { url, template };
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl().url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, migrated, empty database for one test; dropped at teardown. */
export async function createTestDatabase(t: Teardown): Promise<string> {
  const { url, template } = serverUrl();
  const name = `portolan_t_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  t.teardown(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Budgets no ordinary test reaches (tests of the limits set small ones), and a GraphQL time budget a
 * loaded machine cannot exceed by accident.
 */
export const GENEROUS_RATE_LIMITS = { perMinute: 1_000_000, registrationsPerHour: 1_000_000, gamesPerHour: 1_000_000, webhookChangesPerHour: 1_000_000, verificationsPerMinute: 1_000_000 };
const RELAXED_GRAPHQL_LIMITS = { timeoutMs: 60_000 };

export async function build(t: Teardown, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase(t));
  const app = await buildApp({
    games: [nim, ...GAMES],
    poolSize: 10,
    ...options,
    rateLimits: { ...GENEROUS_RATE_LIMITS, ...options.rateLimits },
    graphqlLimits: { ...RELAXED_GRAPHQL_LIMITS, ...options.graphqlLimits },
    // Tests play many bot-only games with one player; the caps' own tests set small ones.
    botGames: { perPlayer: 1_000, total: 10_000, ...options.botGames },
    databaseUrl,
  });
  await app.ready();
  t.teardown(() => app.close());
  return app;
}

export interface Client {
  readonly token: string;
  readonly id: string;
  request(method: InjectOptions['method'], url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

/** Registers a player and returns a small client that sends its token. */
export async function player(app: FastifyInstance, name: string): Promise<Client> {
  const res = await app.inject({ method: 'POST', url: '/v1/players', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const { token, player: p } = res.json();
  return {
    token,
    id: p.id,
    request: (method, url, body, headers = {}) => send(app, method, url, body, { authorization: `Bearer ${token}`, ...headers }),
  };
}

export async function send(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** Runs a GraphQL document as `token` (or anonymously). */
export async function gql(app: FastifyInstance, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { query, variables },
  });
  return res.json() as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
}
