/**
 * Group commit's queueing (src/store/group-commit.ts), with writers the test answers by hand: when an
 * item goes alone, when items share a group, that a key is never at the database twice, and that a slow
 * group lets the next one go beside it. The grouped statement itself is tested against Postgres in
 * test/store/group-append.test.ts.
 */
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { GroupCommit, UNGROUPED } from '../../src/store/group-commit.js';

interface Item {
  readonly game: string;
  readonly n: number;
}

/** A GroupCommit whose writes wait until the test finishes them; `sent` records each write's items. */
function harness(options: { maxInFlight?: number; maxGroup?: number; slowMs?: number } = {}) {
  const sent: Item[][] = [];
  const pending: { items: readonly Item[]; finish: (error?: Error) => void }[] = [];
  const write = (items: readonly Item[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push([...items]);
      pending.push({ items, finish: (error) => (error ? reject(error) : resolve(items.map((item) => `${item.game}:${item.n}`))) });
    });
  const commit = new GroupCommit<Item, string>({
    maxInFlight: options.maxInFlight ?? 4,
    maxGroup: options.maxGroup ?? 64,
    slowMs: options.slowMs ?? 60_000,
    key: (item) => item.game,
    one: async (item) => (await write([item]))[0]!,
    many: async (items) => (await write(items)).map((value) => ({ status: 'fulfilled', value }) as const),
  });
  /** Finishes the oldest write at the database. */
  const finishOldest = async (error?: Error) => {
    pending.shift()!.finish(error);
    await sleep(0);
  };
  return { commit, sent, pending, finishOldest };
}

t.test('an item with nothing at the database goes at once, alone', async (t) => {
  const { commit, sent, finishOldest } = harness();
  const answer = commit.submit({ game: 'a', n: 1 });
  t.same(sent, [[{ game: 'a', n: 1 }]], 'sent before any wait');
  await finishOldest();
  t.equal(await answer, 'a:1', 'its own answer');
});

t.test('items arriving while a group is at the database go together in the next one, each with its answer', async (t) => {
  const { commit, sent, finishOldest } = harness();
  const first = commit.submit({ game: 'a', n: 1 });
  const rest = ['b', 'c', 'd'].map((game, i) => commit.submit({ game, n: i + 2 }));
  t.equal(sent.length, 1, 'the others wait: one group at the database');
  await finishOldest();
  t.same(sent[1], [{ game: 'b', n: 2 }, { game: 'c', n: 3 }, { game: 'd', n: 4 }], 'then all of them in one group, in arrival order');
  await finishOldest();
  t.same(await Promise.all([first, ...rest]), ['a:1', 'b:2', 'c:3', 'd:4']);
});

t.test('a key is never in two groups at once, and its items keep their order', async (t) => {
  const { commit, sent, finishOldest } = harness();
  const answers = [commit.submit({ game: 'a', n: 1 }), commit.submit({ game: 'a', n: 2 }), commit.submit({ game: 'b', n: 3 }), commit.submit({ game: 'a', n: 4 })];
  await finishOldest();
  t.same(sent[1], [{ game: 'a', n: 2 }, { game: 'b', n: 3 }], "the next group takes one of a's items, the oldest");
  await finishOldest();
  t.same(sent[2], [{ game: 'a', n: 4 }], 'and the one after it the next');
  await finishOldest();
  t.same(await Promise.all(answers), ['a:1', 'a:2', 'b:3', 'a:4']);
});

t.test('a group holds at most maxGroup items', async (t) => {
  const { commit, sent, finishOldest } = harness({ maxGroup: 2 });
  const answers = ['a', 'b', 'c', 'd'].map((game, n) => commit.submit({ game, n }));
  await finishOldest();
  t.same(sent.map((group) => group.length), [1, 2], 'two of the three waiting');
  await finishOldest();
  t.same(sent.map((group) => group.length), [1, 2, 1], 'then the last');
  await finishOldest();
  t.equal((await Promise.all(answers)).length, 4);
});

t.test('a slow group lets the next one go beside it, up to maxInFlight', async (t) => {
  const { commit, sent, pending } = harness({ slowMs: 30, maxInFlight: 2 });
  void commit.submit({ game: 'a', n: 1 });
  void commit.submit({ game: 'b', n: 2 });
  void commit.submit({ game: 'c', n: 3 });
  t.equal(sent.length, 1, 'at first the others wait');
  await sleep(100);
  t.same(sent[1], [{ game: 'b', n: 2 }, { game: 'c', n: 3 }], 'after slowMs the waiting items go beside the slow group');
  void commit.submit({ game: 'd', n: 4 });
  await sleep(100);
  t.equal(sent.length, 2, 'no third group: maxInFlight is 2');
  for (const write of pending.splice(0)) write.finish();
});

t.test("a failed write rejects its own group's items only", async (t) => {
  const { commit, finishOldest } = harness();
  const first = commit.submit({ game: 'a', n: 1 });
  const grouped = [commit.submit({ game: 'b', n: 2 }), commit.submit({ game: 'c', n: 3 })];
  const refused = grouped.map((answer) => t.rejects(answer, /connection lost/));
  await finishOldest();
  await finishOldest(new Error('connection lost'));
  t.equal(await first, 'a:1');
  await Promise.all(refused);
});

t.test('UNGROUPED (group commit off): every item goes at once, alone, whatever is at the database', async (t) => {
  const { commit, sent, pending } = harness(UNGROUPED);
  const answers = ['a', 'b', 'c'].map((game, n) => commit.submit({ game, n }));
  t.same(sent, [[{ game: 'a', n: 0 }], [{ game: 'b', n: 1 }], [{ game: 'c', n: 2 }]], 'three writes of one, none waiting');
  for (const write of pending.splice(0)) write.finish();
  t.same(await Promise.all(answers), ['a:0', 'b:1', 'c:2']);
});
