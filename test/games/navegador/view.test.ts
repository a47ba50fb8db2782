/**
 * Hidden information (§8), golden 52 and the leak test: in every phase, every seat's view, the spectator's
 * view, the redacted history and the log are the same whatever the face-down tokens are.
 */
import t from 'tap';
import { Value } from 'typebox/value';
import { navegador } from '../../../src/games/navegador/index.js';
import { GOODS, STACKS } from '../../../src/games/navegador/data.js';
import type { NavegadorMove, NavegadorState } from '../../../src/games/navegador/types.js';
import { P, atAction, explored, given, hidden, play, setShips } from './fixtures/helpers.js';

const viewers = (s: NavegadorState) => [...s.players.map((_, i) => i), null];
const json = (v: unknown) => JSON.stringify(v);

/** The same public position with the unseen tokens dealt differently (rotated within each good). */
function redeal(state: NavegadorState): NavegadorState {
  return given(state, (s) => {
    GOODS.forEach((good, g) => {
      const slots: { region: number; index: number }[] = [];
      const values: number[] = [];
      s.regions.forEach((r, id) => {
        if (STACKS[id]?.good !== good) return;
        r.hidden.forEach((v, index) => {
          slots.push({ region: id, index });
          values.push(v);
        });
      });
      values.push(s.setAside[g]!);
      const rotated = [...values.slice(1), values[0]!];
      slots.forEach(({ region, index }, i) => (s.regions[region]!.hidden[index] = rotated[i]!));
      s.setAside[g] = rotated[rotated.length - 1]!;
    });
    s.rng = [1, 2, 3, 4];
  });
}

t.test('golden 52: hidden information (§8)', async (t) => {
  const s = atAction(3, 1, 0, (s) => {
    s.phase = 3;
    explored(s, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    hidden(s, 10, [160, 80]);
    setShips(P(s, 1), { 9: 2 });
  });
  for (const viewer of viewers(s)) {
    const view = navegador.view(s, viewer) as { regions: unknown[]; setAside: unknown; rng?: unknown };
    t.same(view.regions[10], { explored: false, hiddenCount: 2, faceUp: [] }, `viewer ${viewer}: Timor is spice ×2, face down`);
    t.equal(view.setAside, null, 'the set-aside tokens are hidden');
    t.notOk('rng' in view);
    t.equal(json(view), json(navegador.view(s, 0)), 'every view is the same');
    t.ok(Value.Check(navegador.viewSchema, view), 'the view matches viewSchema');
  }
  const unseen = (x: NavegadorState) => (navegador.view(x, null) as { unseenValues: number[][] }).unseenValues[2]!;
  t.ok(unseen(s).includes(80) && unseen(s).includes(160), 'Timor values are among the unseen spice values');
  const { state, log } = play(s, 1, { type: 'sail', paths: [{ path: [9, 10], count: 2 }] });
  for (const viewer of viewers(state)) {
    const view = navegador.view(state, viewer) as { regions: unknown[] };
    t.same(view.regions[10], { explored: true, hiddenCount: 0, faceUp: [80, 160] });
  }
  t.match(log.find((l) => l.type === 'region.explored'), { region: 10, values: [80, 160], bonus: 80 });
  t.same(unseen(state), unseen(s).filter((v) => v !== 80 && v !== 160), 'once revealed they leave the unseen set');
});

t.test('the set-aside tokens are revealed once the game has ended (§8 decision)', async (t) => {
  const s = given(atAction(3, 0, 1), (s) => (s.finished = true));
  t.same((navegador.view(s, null) as { setAside: number[] }).setAside, s.setAside);
});

/** States of one greedy game (it reaches phases II and III and the end), with the moves played. */
function greedyGame(seats: number, seed: string): { states: NavegadorState[]; moves: { seat: number; move: NavegadorMove }[] } {
  let s = navegador.setup({ seats, options: {}, seed });
  const states = [s];
  const moves: { seat: number; move: NavegadorMove }[] = [];
  for (let i = 0; !s.finished && i < 5000; i++) {
    const seat = s.current;
    const move = navegador.bot.choose(s, seat, { level: 'greedy', seed: `${seed}:${i}` });
    s = play(s, seat, move).state;
    states.push(s);
    moves.push({ seat, move });
  }
  return { states, moves };
}

for (const seats of [2, 3, 4, 5]) {
  t.test(`no view, history entry or log leaks the face-down tokens or the PRNG (${seats} seats)`, async (t) => {
    const { states, moves } = greedyGame(seats, `leak-${seats}`);
    const phasesSeen = new Set<string>();
    let checked = 0;
    moves.forEach(({ seat, move }, i) => {
      const before = states[i]!;
      const other = redeal(before);
      phasesSeen.add(before.finished ? 'end' : `phase ${before.phase}`);
      for (const viewer of viewers(before)) {
        const view = json(navegador.view(before, viewer));
        if (view !== json(navegador.view(other, viewer))) t.fail(`move ${i}: the view of ${viewer} depends on the face-down tokens`);
        if (view !== json(navegador.view(before, null))) t.fail(`move ${i}: views differ between viewers`);
        if (before.rng.some((n) => view.includes(String(n)))) t.fail(`move ${i}: the view shows the PRNG state`);
        if (json(navegador.redactMove(before, seat, move, viewer)) !== json(move)) t.fail('moves are public and never redacted');
      }
      const a = navegador.apply(before, seat, move);
      const b = navegador.apply(other, seat, move);
      if (!a.ok || !b.ok) {
        t.fail(`move ${i} refused`);
        return;
      }
      const explores = a.log.some((l) => l.type === 'region.explored');
      // A log may show token values only for the region this very move explored (E6: revealed to all).
      if (!explores && json(a.log) !== json(b.log)) t.fail(`move ${i}: the log depends on the face-down tokens`);
      for (const entry of a.log) {
        if (entry.type === 'region.explored' && !a.state.regions[entry.region as number]!.explored) t.fail('a log reveals an unexplored region');
        if (entry.type === 'game.ended' && !a.state.finished) t.fail('the set-aside tokens are logged before the end');
        if (before.rng.some((n) => json(entry).includes(String(n)))) t.fail('a log shows the PRNG state');
      }
      checked++;
    });
    phasesSeen.add(states[states.length - 1]!.finished ? 'end' : 'running');
    t.equal(checked, moves.length, `${checked} moves checked for every viewer`);
    t.same([...phasesSeen].sort(), ['end', 'phase 1', 'phase 2', 'phase 3'], 'every phase and the end were covered');
    const last = states[states.length - 1]!;
    t.same((navegador.view(last, 0) as { setAside: number[] }).setAside, last.setAside, 'the end reveals the set-aside tokens');
  });
}
