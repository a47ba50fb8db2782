/**
 * For a finished game of each of the four games, played by bots (Ana holds seat 0 and resigns at once;
 * a bot plays her seat on), every log text served in Japanese is Japanese, over REST (Accept-Language),
 * GraphQL (lang argument), SSE (?lang=) and a webhook endpoint set to Japanese; with English or no
 * header the texts are the engines' English, unchanged, and the structured fields are the same.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { Webhook } from 'standardwebhooks';
import { GAMES } from '../../src/games/registry.js';
import { build, gql, player, type Client } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from '../webhooks/support/receiver.js';
import { notJapanese, vocabulary } from '../support/japanese.js';

interface Entry { type: string; text: string; [field: string]: unknown }
interface Record_ { seq: number; log: Entry[] }

// Three seats: with two, Ana's resignation would end the game at once.
const SEATS: Readonly<Record<string, number>> = { 'puerto-rico': 3, navegador: 3, meuterer: 3, voyages: 3 };
const BOT_NAMES = ['貪欲ボット', 'ランダムボット', 'Ana'];

async function history(ana: Client, id: string, headers: Record<string, string> = {}, query = ''): Promise<Record_[]> {
  const items: Record_[] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page: { status: number; body: { items: Record_[]; nextCursor: string | null } } = await ana.request('GET', `/v1/games/${id}/moves?limit=200${cursor ? `&cursor=${cursor}` : ''}${query}`, undefined, headers);
    if (page.status !== 200) throw new Error(JSON.stringify(page.body));
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  }
  return items;
}

/** The move events of the game's SSE stream from the start up to version `last`. */
async function sseRecords(url: string, token: string, last: number): Promise<Record_[]> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  const records: Record_[] = [];
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      if (message.event !== 'move') return;
      const record = JSON.parse(message.data) as Record_;
      records.push(record);
      if (record.seq >= last) done();
    },
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted below
    }
  })();
  await Promise.race([finished, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream did not reach the end')), 120_000))]);
  abort.abort();
  await reading;
  return records;
}

const texts = (records: readonly Record_[]) => records.flatMap((r) => r.log.map((e) => e.text));
const fields = (records: readonly Record_[]) => records.flatMap((r) => r.log.map(({ text: _text, ...rest }) => rest));

for (const game of GAMES) {
  t.test(`${game.id}: a finished bot game's log in Japanese over REST, GraphQL, SSE and a webhook`, async (t) => {
    const receiver = await Receiver.start();
    t.teardown(() => receiver.down());
    const app = await build(t, { webhooks: FAST_WEBHOOKS });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ana = await player(app, 'Ana');
    const seats = SEATS[game.id] ?? 3;
    const bots = Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, level: game.bot.levels[i % game.bot.levels.length]! }));
    const created = await ana.request('POST', '/v1/games', { type: game.id, seats, bots });
    t.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    const hook = await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['move.made'], gameId: id, locale: 'ja' });
    t.equal(hook.status, 201, JSON.stringify(hook.body));
    t.equal(hook.body.locale, 'ja', 'the endpoint keeps its language');
    t.equal((await ana.request('POST', `/v1/games/${id}/start`)).status, 200);
    const resigned = await ana.request('POST', `/v1/games/${id}/resign`, {}, { 'accept-language': 'ja' });
    t.equal(resigned.status, 200, JSON.stringify(resigned.body));
    t.same(resigned.body.log.map((e: Entry) => e.text), ['Anaが投了した。'], 'the move answer in Japanese');

    const finished = await waitFor(async () => {
      await app.bots.idle();
      const state = (await ana.request('GET', `/v1/games/${id}`)).body;
      return state.status === 'finished' ? state : null;
    }, 600_000, 'the bots to finish the game');
    const last = finished.version as number;

    const words = vocabulary(game.id);
    const japanese = (list: readonly string[], what: string) => {
      const problems = [...new Set(list.flatMap((text) => notJapanese(text, BOT_NAMES, words)))];
      t.same(problems.slice(0, 10), [], `${what}: every text Japanese (${list.length} texts)`);
    };

    const plain = await history(ana, id);
    const english = await history(ana, id, { 'accept-language': 'en-GB,en;q=0.9' });
    const rest = await history(ana, id, { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' });
    t.ok(texts(plain).length > 20, `${texts(plain).length} log texts`);
    t.same(texts(english), texts(plain), 'English asked or nothing asked: the same texts');
    t.notOk(texts(plain).some((text) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(text)), 'no Japanese in English');
    t.notOk(texts(plain).some((text) => /\{seat:|\bSeat \d/.test(text)), 'seats named in English');
    japanese(texts(rest), 'REST, Accept-Language: ja');
    t.same(fields(rest), fields(plain), 'the structured fields are the same in every language');
    t.same(texts(await history(ana, id, {}, '&lang=ja')), texts(rest), '?lang=ja is the same');

    const query = `query($id: ID!, $cursor: String) { game(id: $id) { history(cursor: $cursor, limit: 200, lang: "ja") { items { seq log } nextCursor } } }`;
    const graph: Record_[] = [];
    for (let cursor: string | null = null; ; ) {
      const page: { items: Record_[]; nextCursor: string | null } = (await gql(app, query, { id, cursor }, ana.token)).data.game.history;
      graph.push(...page.items);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    t.same(texts(graph), texts(rest), 'GraphQL lang: "ja"');

    const sse = await sseRecords(`${base}/v1/games/${id}/events?lang=ja&lastEventId=0`, ana.token, last);
    t.same(texts(sse), texts(rest.filter((r) => r.seq > 0)), 'SSE ?lang=ja');

    await waitFor(() => receiver.accepted.some((r) => JSON.parse(r.body).data?.version === last), 600_000, 'the last delivery');
    const bodies = receiver.accepted.map((r) => new Webhook(hook.body.secret).verify(r.body, r.headers as Record<string, string>) as any);
    const logged = bodies.filter((b) => b.data.move).flatMap((b) => b.data.move.log.map((e: Entry) => e.text));
    t.ok(logged.length > 0, `${logged.length} texts in webhook bodies`);
    japanese(logged, 'webhook endpoint set to Japanese');
  });
}
