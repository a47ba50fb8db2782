/**
 * The API guide's "A complete session" (docs/api.md) runs as written against a live service: the REST session through
 * bash, curl and jq (only the service's address changed), the GraphQL session by sending its documents
 * in order, each as the player its comment names, with the variables it says where to take from.
 * A machine without curl or jq uses the stand-ins in test/support/bin (last on PATH, so the machine's own
 * tools win where present): jq compiled to WebAssembly, and a fetch-based curl for the sessions' options.
 * The README's quick example runs too.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { build, send } from './helper.js';

const run = promisify(execFile);
const GUIDE = new URL('../docs/api.md', import.meta.url);
const README = new URL('../README.md', import.meta.url);
const STAND_INS = fileURLToPath(new URL('./support/bin', import.meta.url));

/** The first fenced block of `language` after `heading` in a document (the API guide unless told). */
async function readmeBlock(heading: string, language: string, file = GUIDE): Promise<string> {
  const text = await readFile(file, 'utf8');
  const from = text.indexOf(heading);
  if (from < 0) throw new Error(`${fileURLToPath(file)} has no "${heading}"`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(text.slice(from));
  if (!match?.[1]) throw new Error(`no ${language} block after "${heading}"`);
  return match[1];
}

t.test('the REST session runs in a shell with curl and jq', async (t) => {
  const app = await build(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const script = await readmeBlock('## A complete session', 'sh');
  const address = 'B=http://127.0.0.1:3000\n';
  t.ok(script.startsWith(address), 'the session starts by naming the service address');
  // Only the address changes; the game id is echoed at the end so the test can check the result.
  const live = `set -euo pipefail\nB=${base}\n${script.slice(address.length)}\necho "GAME=$GAME"\n`;
  const env = { ...process.env, PATH: [process.env.PATH, STAND_INS].filter(Boolean).join(delimiter) };
  // A guard against a hang, not a time limit: the stand-ins start a Node process per call (about 30
  // calls), which takes minutes on a heavily loaded machine.
  const { stdout } = await run('bash', ['-c', live], { timeout: 480_000, env });
  const lines = stdout.trim().split('\n');
  const gameId = lines.at(-1)?.replace('GAME=', '') ?? '';
  t.match(gameId, /^[0-9a-f-]{36}$/, 'the session created a game');

  const moved = lines.map((line) => (line.startsWith('{"gameId"') ? JSON.parse(line) : null)).find((x) => x !== null);
  t.ok(moved, 'the move was accepted', { stdout });
  t.equal(moved?.gameId, gameId);
  const game = (await send(app, 'GET', `/v1/games/${gameId}`)).body;
  t.equal(game.status, 'active');
  t.same(game.seats.map((s: { player: { name: string } | null; bot: string | null }) => s.player?.name ?? s.bot), ['Ana', 'Ben', 'greedy']);
  t.ok(game.version >= moved.version, 'the game holds the move');
  const history = lines.filter((line) => line.startsWith('{"seq"')).map((line) => JSON.parse(line));
  t.ok(history.some((item) => item.seq === moved.seq), 'the history shows the move');
});

t.test("the README's quick example runs in a shell with curl and jq", async (t) => {
  const app = await build(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const script = await readmeBlock('## A quick example', 'sh', README);
  const address = 'B=http://127.0.0.1:3000\n';
  t.ok(script.startsWith(address), 'the example starts by naming the service address');
  const live = `set -euo pipefail\nB=${base}\n${script.slice(address.length)}`;
  const env = { ...process.env, PATH: [process.env.PATH, STAND_INS].filter(Boolean).join(delimiter) };
  const { stdout } = await run('bash', ['-c', live], { timeout: 480_000, env });
  const [started, legal] = stdout.trim().split('\n').map((line) => JSON.parse(line));
  t.equal(started.status, 'active', 'the game started');
  t.type(legal.version, 'number', 'the legal moves name the version');
  t.ok(legal.first === null || typeof legal.first.type === 'string', 'and the first legal move, when it is your turn');
});

interface Answer {
  data?: Record<string, any>;
  errors?: { message: string }[];
}

t.test('the GraphQL session runs document by document', async (t) => {
  const app = await build(t);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const operations = parse(await readmeBlock('The same session in GraphQL', 'graphql')).definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const byName = new Map(operations.map((op) => [op.name?.value ?? '', print(op)]));
  t.same([...byName.keys()], ['Register', 'CreateGame', 'JoinGame', 'StartGame', 'MyTurn', 'Game', 'Move', 'History', 'GameMoves'], 'the documents, in order');
  const doc = (name: string) => byName.get(name) ?? '';

  async function post(name: string, variables: Record<string, unknown>, token?: string): Promise<Record<string, any>> {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: doc(name), variables }),
    });
    const answer = (await res.json()) as Answer;
    if (answer.errors || !answer.data) throw new Error(`${name}: ${JSON.stringify(answer.errors)}`);
    return answer.data;
  }

  const ana = (await post('Register', { name: 'Ana' })).register.token;
  const ben = (await post('Register', { name: 'Ben' })).register.token;
  const id = (await post('CreateGame', {}, ana)).createGame.id;
  await post('JoinGame', { id }, ben);
  t.equal((await post('StartGame', { id }, ana)).startGame.status, 'active');

  let mover: string | undefined;
  for (let tries = 0; !mover && tries < 200; tries++) {
    for (const token of [ana, ben]) if ((await post('MyTurn', {}, token)).myTurn.items.length > 0) mover = token;
    if (!mover) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  t.ok(mover, 'one of the players is to move (after the bot, when it is governor)');

  const { game } = await post('Game', { id }, mover);
  t.ok(game.legalMoves.length > 0, 'the player to move has legal moves');
  const moved = (await post('Move', { id, move: game.legalMoves[0], expectedVersion: game.version }, mover)).move;
  t.equal(moved.seq, game.version + 1, 'the move landed on the version read');
  const history = (await post('History', { id })).game.history.items;
  t.ok(history.some((item: { seq: number }) => item.seq === moved.seq), 'the history shows it');

  const ws = await app.injectWS('/graphql', { headers: { 'sec-websocket-protocol': 'graphql-transport-ws' } });
  t.teardown(() => ws.terminate());
  const inbox: any[] = [];
  const arrived = new Promise<void>((resolve, reject) => {
    ws.on('close', (code: number) => reject(new Error(`the socket closed (${code})`)));
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString());
      inbox.push(message);
      // graphql-ws: subscribe only once the server has acknowledged the connection.
      if (message.type === 'connection_ack') {
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: doc('GameMoves'), variables: { id } } }));
      }
      if (message.type === 'next') resolve();
    });
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await arrived;
  t.equal(inbox.find((m) => m.type === 'next')?.payload.data.gameMoves.seq, 1, 'the subscription replays from the first move');
});
