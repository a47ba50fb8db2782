/**
 * Webhook bodies are the owner's API view, for every hosted game: each `move.made` / `turn.started` /
 * `game.started` carries exactly GET /state?at=<version> as the owner sees it, and the move exactly as the
 * owner's history shows it (hidden hands, face-down draws and secret choices stay hidden).
 */
import t from 'tap';
import { Webhook } from 'standardwebhooks';
import { GAMES } from '../../src/games/registry.js';
import type { AnyGameDefinition } from '../../src/engine/types.js';
import { build, player } from '../helper.js';
import { FAST_WEBHOOKS, Receiver, waitFor } from './support/receiver.js';

const VERSIONS = 40;

for (const game of GAMES as AnyGameDefinition[]) {
  t.test(`${game.id}: webhook payloads equal the owner's API reads`, async (t) => {
    const receiver = await Receiver.start();
    t.teardown(() => receiver.down());
    const app = await build(t, { webhooks: FAST_WEBHOOKS });
    const ana = await player(app, 'Ana');
    const hook = (await ana.request('POST', '/v1/webhooks', { url: receiver.url, events: ['game.started', 'move.made', 'turn.started', 'game.finished'] })).body;
    const seats = Math.min(game.players.max, Math.max(game.players.min, 3));
    const bots = Array.from({ length: seats - 1 }, (_, i) => ({ seat: i + 1, level: game.bot.levels[0]! }));
    const id = (await ana.request('POST', '/v1/games', { type: game.id, seats, bots })).body.id;
    await ana.request('POST', `/v1/games/${id}/start`);
    for (let i = 0; ; i++) {
      await app.bots.idle();
      const g = (await ana.request('GET', `/v1/games/${id}`)).body;
      if (g.status !== 'active' || g.version >= VERSIONS) break;
      const legal = (await ana.request('GET', `/v1/games/${id}/legal-moves`)).body;
      if (!g.toMove.includes(0) || legal.moves.length === 0) break;
      await ana.request('POST', `/v1/games/${id}/moves`, { move: legal.moves[(legal.version * 31 + i) % legal.moves.length], expectedVersion: legal.version });
    }
    await app.bots.stop(); // freeze the game: every delivery below refers to a version that exists now
    const deliveries = async () => (await ana.request('GET', `/v1/webhooks/${hook.id}/deliveries?limit=100`)).body.items as any[];
    await waitFor(async () => (await deliveries()).every((d) => d.status === 'delivered'), 30_000, 'every delivery');
    const events = receiver.accepted.map((r) => new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>) as any);
    t.ok(events.length > 3, `${events.length} events`);
    let moves = 0;
    for (const e of events) {
      if (e.data.truncated) continue;
      const v = e.data.version;
      if ('view' in e.data) t.same(e.data.view, (await ana.request('GET', `/v1/games/${id}/state?at=${v}`)).body.view, `${e.type} ${v}: the view`);
      if (e.type === 'move.made') {
        moves++;
        const record = (await ana.request('GET', `/v1/games/${id}/moves?after=${v - 1}&limit=1`)).body.items[0];
        t.same(e.data.move, record, `move ${v}: as Ana's history shows it`);
      }
    }
    t.ok(moves > 0);
  });
}
