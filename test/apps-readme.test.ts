/**
 * docs/apps.md's "Hosting a site's community" runs as written against a live service, through bash, curl and
 * jq: only the service's address, the operator's key and the site's webhook URL (a local receiver) change.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { build, send } from './helper.js';
import { FAST_WEBHOOKS, Receiver } from './webhooks/support/receiver.js';

const run = promisify(execFile);
const ADMIN_KEY = 'operator-key-for-the-readme-session-0123';

async function sessionScript(): Promise<string> {
  const text = await readFile(new URL('../docs/apps.md', import.meta.url), 'utf8');
  const from = text.indexOf("# Hosting a site's community");
  if (from < 0) throw new Error("docs/apps.md has no \"Hosting a site's community\"");
  const match = /```sh\n([\s\S]*?)```/.exec(text.slice(from));
  if (!match?.[1]) throw new Error('no sh block in the section');
  return match[1];
}

t.test("the site's session runs in a shell with curl and jq", async (t) => {
  const receiver = await Receiver.start();
  t.teardown(() => receiver.down());
  const app = await build(t, { adminKey: ADMIN_KEY, webhooks: FAST_WEBHOOKS });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const script = await sessionScript();
  const preamble = 'B=http://127.0.0.1:3000\nADMIN_KEY=the-operators-key-from-the-configuration\nSITE_HOOK=https://site.example/portolan-events\n';
  t.ok(script.startsWith(preamble), 'the session starts by naming the address, the operator key and the site hook');
  const live = `set -euo pipefail\nB=${base}\nADMIN_KEY=${ADMIN_KEY}\nSITE_HOOK=${receiver.url}\n${script.slice(preamble.length)}`;
  const { stdout } = await run('bash', ['-c', live], { timeout: 120_000 });
  const lines = stdout.trim().split('\n');

  // Three users, each created once, by the site's ids.
  const users = lines.filter((l) => l.startsWith('{"id"')).map((l) => JSON.parse(l));
  t.same(users.map((u) => u.externalId), ['user-alice', 'user-bob', 'user-carol']);
  const alice = users[0].id as string;
  t.equal(await app.db.player.count({ where: { appId: { not: null } } }), 3);

  // The site's endpoint received Alice's turn, named for her, with her view only.
  const shown = lines.find((l) => l.startsWith('{"event":"turn.started"'));
  t.same(JSON.parse(shown ?? '{}'), { event: 'turn.started', status: 'delivered', recipient: { playerId: alice, externalId: 'user-alice' } });
  const turn = receiver.accepted.map((r) => JSON.parse(r.body)).find((e) => e.type === 'turn.started' && e.data.recipient.playerId === alice);
  t.ok(turn, 'the receiver got it');
  t.equal(turn.data.player.id, alice, "it is Alice's turn");
  const reader = await app.tokens.issueToken(alice, { label: 'test', scopes: ['read'] });
  const state = await send(app, 'GET', `/v1/games/${turn.data.gameId}/state?at=${turn.data.version}`, undefined, { authorization: `Bearer ${reader.secret}` });
  t.same(turn.data.view, state.body.view, "the body holds Alice's own view");

  // Her browser token, revoked, is refused.
  t.equal(lines.at(-2), '204');
  t.equal(JSON.parse(lines.at(-1)!).code, 'TOKEN_REVOKED');
});
