/**
 * Golden scenario 52 and the leak test (§6): no view, redacted move or log entry shows the stack's
 * order, the PRNG state or another seat's VP chips, in any phase.
 */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { LogEntry, Seat } from '../../../src/engine/types.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';
import { A, B, C, city, goods, inPhase, island, legal, newGame, withPlayers } from './helpers.js';

type ViewPlayer = { seat: number; vp?: number; doubloons: number };
type View = { players: ViewPlayer[]; stackSize: number; vpSupply: number; faceUp: unknown; discard: unknown; toMove: number[] };

t.test('golden 52: what A sees (§6)', async (t) => {
  let s = withPlayers(newGame(3), {
    [A]: { vp: 7, doubloons: 4, goods: goods({ corn: 1 }), city: city('hacienda+'), island: island('indigo+') },
    [B]: { vp: 9, doubloons: 2 },
    [C]: { vp: 11, sanJuan: 2 },
  });
  s = { ...s, discard: ['coffee'], vpSupply: 48 };
  const view = puertoRico.view(s, A) as View & Record<string, unknown>;
  t.equal(view.players[A]!.vp, 7, "A's own VP chips are shown");
  t.notOk('vp' in view.players[B]!, "B's VP chips are absent");
  t.notOk('vp' in view.players[C]!, "C's VP chips are absent");
  t.equal(view.vpSupply, 48, 'the VP supply is shown');
  t.same(view.players.map((p) => p.doubloons), [4, 2, 2], 'all doubloons are shown');
  t.same(view.faceUp, s.faceUp);
  t.same(view.discard, ['coffee']);
  t.equal(view.stackSize, s.stack.length);
  t.notOk('stack' in view, 'the stack order is absent');
  t.notOk('rng' in view, 'the PRNG state is absent');
  const json = JSON.stringify(view);
  t.notOk(json.includes(JSON.stringify(s.stack)), 'no trace of the stack order');
  const spectator = puertoRico.view(s, null) as View;
  t.ok(spectator.players.every((p) => !('vp' in p)), 'a spectator sees no VP chips');
  const settler = inPhase(s, 'settler', A, { name: 'settler', turn: A, remaining: 3, haciendaUsed: false });
  t.same(legal(settler, A)[0], { type: 'useHacienda' }, 'the Hacienda move is just "draw"');
  const over = { ...s, phase: { name: 'over' as const } };
  t.same((puertoRico.view(over, null) as View).players.map((p) => p.vp), [7, 9, 11], 'at the end everything is revealed');
  t.same(puertoRico.outcome(over)?.breakdown.map((b) => b['chips']), [7, 9, 11]);
});

/** What a move's result would leak, as a list of problems (empty when clean). */
function leaks(state: PuertoRicoState, log: readonly LogEntry[], move: unknown, seat: Seat): string[] {
  const problems: string[] = [];
  const over = state.phase.name === 'over';
  const stackOrder = state.stack.length > 1 ? JSON.stringify(state.stack) : null;
  const rng = JSON.stringify(state.rng);
  for (const viewer of [...state.players.map((_, i) => i), null]) {
    const view = puertoRico.view(state, viewer) as View & Record<string, unknown>;
    const json = JSON.stringify(view);
    if ('stack' in view || 'rng' in view || json.includes(rng) || (stackOrder && json.includes(stackOrder))) {
      problems.push(`view for ${viewer} leaks the stack or the PRNG in ${state.phase.name}`);
    }
    for (const p of view.players) {
      if (!over && p.seat !== viewer && 'vp' in p) problems.push(`view for ${viewer} shows seat ${p.seat}'s VP in ${state.phase.name}`);
    }
    const redacted = JSON.stringify(puertoRico.redactMove(state, seat, move as never, viewer));
    if (redacted.includes(rng) || (stackOrder && redacted.includes(stackOrder))) problems.push('a redacted move leaks');
  }
  for (const entry of log) {
    const json = JSON.stringify(entry);
    if ('stack' in entry || 'rng' in entry || 'vpTotal' in entry || json.includes(rng) || (stackOrder && json.includes(stackOrder))) {
      problems.push(`log entry ${entry.type} leaks`);
    }
    if (typeof entry.type !== 'string' || typeof entry.text !== 'string' || entry.text.length === 0) problems.push('a log entry without type or text');
  }
  return problems;
}

t.test('no view, redacted move or log entry leaks a secret, in any phase (§6)', async (t) => {
  const phases = new Set<string>();
  const problems: string[] = [];
  let checked = 0;
  for (const seats of [2, 3, 4, 5]) {
    for (let g = 0; g < 3; g++) {
      const seed = `leak-${seats}-${g}`;
      let state = puertoRico.setup({ seats, options: { roleOrder: 'official6', balance: false }, seed });
      const chooser = new Random(createRng(seed));
      for (let i = 0; puertoRico.outcome(state) === null; i++) {
        const seat = puertoRico.toMove(state)[0] as Seat;
        const move = g === 0 ? chooser.pick(puertoRico.legalMoves(state, seat)) : puertoRico.bot.choose(state, seat, { level: 'greedy', seed: `${seed}:${i}` });
        const result = puertoRico.apply(state, seat, move);
        if (!result.ok) throw new Error(result.error.message);
        phases.add(state.phase.name);
        problems.push(...leaks(result.state, result.log, move, seat));
        checked++;
        state = result.state;
      }
    }
  }
  t.same(problems.slice(0, 5), [], `no leak in ${checked} positions`);
  t.same([...phases].sort(), ['builder', 'captain', 'chooseRole', 'craftsman', 'craftsmanBonus', 'mayor', 'mayorPrivilege', 'settler', 'storage', 'trader'], 'every phase was seen');
});
