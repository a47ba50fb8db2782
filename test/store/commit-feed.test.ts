/**
 * The commit feed between instances (src/store/commit-feed.ts): a burst of commits reaches the other
 * instance whole and in order, in a handful of notifications rather than one per commit, and commits
 * still held back when an instance stops are sent, not dropped.
 */
import t, { type Test } from 'tap';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { COMMIT_CHANNEL, CommitFeed, type Commit } from '../../src/store/commit-feed.js';
import { createTestDatabase } from '../helper.js';

const log = pino({ level: 'silent' });

/** A raw listener counting the notifications on the channel. */
async function countNotifications(t: Test, url: string): Promise<{ count: () => number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t.teardown(() => client.end());
  let count = 0;
  client.on('notification', () => count++);
  await client.query(`LISTEN ${COMMIT_CHANNEL}`);
  return { count: () => count };
}

async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

t.test('a burst of commits arrives whole and in order, in a few notifications', async (t) => {
  const url = await createTestDatabase(t);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  t.teardown(() => pool.end());
  const sender = new CommitFeed(url, pool, log);
  const receiver = new CommitFeed(url, pool, log);
  t.teardown(() => receiver.stop());
  const received: Commit[] = [];
  receiver.onCommit((commit) => received.push(commit));
  await receiver.listen();
  const notifications = await countNotifications(t, url);

  const gameId = randomUUID();
  const playerId = randomUUID();
  const sent: Commit[] = Array.from({ length: 300 }, (_, seq) => ({ gameId, seq: seq + 1, turns: [{ playerId, seat: seq % 2 }] }));
  sent.push({ gameId: randomUUID(), seq: 0, turns: [], seating: true }); // a join: no move, seats changed
  for (const commit of sent) sender.announce(commit);
  await until(() => received.length === sent.length);
  t.same(received, sent, 'every commit, in order, with its turns (and a change of seats marked as one)');
  // Without batching, one each; batched, the first alone and the rest in payloads of up to 7,900 bytes.
  t.ok(notifications.count() < sent.length / 20, `${notifications.count()} notifications for ${sent.length} commits`);
  await sender.stop();
});

t.test('commits held back when the instance stops are still announced', async (t) => {
  const url = await createTestDatabase(t);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  t.teardown(() => pool.end());
  // Announcements at most once a minute: the second commit is sure to be held back when stop() comes.
  const sender = new CommitFeed(url, pool, log, 5_000, 60_000);
  const receiver = new CommitFeed(url, pool, log);
  t.teardown(() => receiver.stop());
  const received: Commit[] = [];
  receiver.onCommit((commit) => received.push(commit));
  await receiver.listen();

  const gameId = randomUUID();
  sender.announce({ gameId, seq: 1, turns: [] });
  await until(() => received.length === 1);
  sender.announce({ gameId, seq: 2, turns: [] });
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.equal(received.length, 1, 'the second is held back');
  await sender.stop();
  await until(() => received.length === 2);
  t.same(received.map((c) => c.seq), [1, 2], 'and sent when the instance stops');
});
