/**
 * Hidden information (§7): for every phase, no seat's view, no spectator view, no redacted history
 * entry and no log entry shows what that viewer may not see.
 *
 * The view check is an indistinguishability test: every secret the viewer may not know (other hands,
 * kept sets, deck, discard pile, the loading clerk's draw, unrevealed roles and the pool) is dealt
 * anew at random, and the viewer's view must not change.
 */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { LogEntry, Viewer } from '../../../src/engine/types.js';
import type { Card, Role } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { MeutererMove, MeutererState, Phase, PlayerState } from '../../../src/games/meuterer/types.js';

function viewerSeesPool(state: MeutererState, viewer: Viewer): boolean {
  return state.rolesRevealed || (state.phase === 'chooseAction' && viewer === state.turn);
}

/** Deals every secret hidden from `viewer` anew, keeping all sizes and everything the viewer may see. */
function scramble(state: MeutererState, viewer: Viewer, rng: Random): MeutererState {
  const others = state.players.map((_, seat) => seat).filter((seat) => seat !== viewer);
  const seesDraw = state.phase === 'loadingClerk' && viewer === state.turn;
  const hidden: Card[] = [...state.deck, ...state.discard, ...(seesDraw ? [] : state.clerkDrawn)];
  for (const seat of others) hidden.push(...state.players[seat]!.hand, ...state.players[seat]!.kept);
  const deal = rng.shuffle(hidden);
  const take = (n: number) => deal.splice(0, n);
  const deck = take(state.deck.length);
  const discard = take(state.discard.length);
  const clerkDrawn = seesDraw ? state.clerkDrawn : take(state.clerkDrawn.length);
  const players: PlayerState[] = state.players.slice();
  for (const seat of others) {
    const p = players[seat]!;
    players[seat] = { ...p, hand: take(p.hand.length), kept: take(p.kept.length) };
  }
  let pool = state.pool;
  if (!state.rolesRevealed) {
    const holders = others.filter((seat) => players[seat]!.role !== null);
    const poolHidden = !viewerSeesPool(state, viewer);
    const roles: Role[] = rng.shuffle([...holders.map((seat) => players[seat]!.role as Role), ...(poolHidden ? state.pool : [])]);
    for (const seat of holders) players[seat] = { ...players[seat]!, role: roles.shift() as Role };
    if (poolHidden) pool = roles;
  }
  return { ...state, deck, discard, clerkDrawn, players, pool, rng: [1, 2, 3, 4] };
}

/** Keys a public log entry may carry only for the listed types (face-up cards, revealed roles). */
const PUBLIC_CARD_TYPES = new Set(['pirate.plundered', 'cards.discarded']);
// score.ship names the captain or the mutineer, both public by then: the captain all round, the mutineer
// since the mutiny was announced.
const PUBLIC_ROLE_TYPES = new Set(['actions.revealed', 'score.ship']);

/** What is wrong with one move's log entries, as readable problems (none when all is well). */
function logProblems(entries: readonly LogEntry[], where: string): string[] {
  const problems: string[] = [];
  for (const e of entries) {
    if (e.visibleTo !== undefined) {
      // A private entry is for the seat whose secret it tells: the mover, or a player drawing in the refill.
      if (JSON.stringify(e.visibleTo) !== JSON.stringify([e.seat])) problems.push(`${where}: private ${e.type} is shown to others`);
      if (!e.type.endsWith('.private')) problems.push(`${where}: ${e.type} is private but not marked so`);
      continue;
    }
    if (('cards' in e || 'rejectedCards' in e) && !PUBLIC_CARD_TYPES.has(e.type)) problems.push(`${where}: public ${e.type} names hidden cards`);
    if (('role' in e || 'roles' in e || 'pool' in e || 'unused' in e) && !PUBLIC_ROLE_TYPES.has(e.type)) problems.push(`${where}: public ${e.type} names a hidden role`);
  }
  return problems;
}

t.test('no view, history entry or log entry leaks a secret, in every phase (§7)', async (t) => {
  const phases = new Set<Phase>();
  const problems: string[] = [];
  let scrambledDiffers = 0;
  const viewerRng = new Random(createRng('views'));
  for (const [i, config] of [
    { seats: 4, pirates: false },
    { seats: 4, pirates: true },
    { seats: 3, pirates: false },
    { seats: 3, pirates: true },
  ].entries()) {
    for (let game = 0; game < 6; game++) {
      const seed = `views-${i}-${game}`;
      const level = game % 2 === 0 ? 'random' : 'greedy';
      const options = { pirates: config.pirates, layout: 'random' as const };
      let state = meuterer.setup({ seats: config.seats, options, seed });
      const viewers: Viewer[] = [...Array.from({ length: config.seats }, (_, s) => s), null];
      for (let n = 0; n < 2000 && meuterer.outcome(state) === null; n++) {
        phases.add(state.phase);
        for (const viewer of viewers) {
          const seen = JSON.stringify(meuterer.view(state, viewer));
          const other = scramble(state, viewer, viewerRng);
          if (JSON.stringify(other.players) !== JSON.stringify(state.players) || other.deck.join() !== state.deck.join()) scrambledDiffers++;
          if (JSON.stringify(meuterer.view(other, viewer)) !== seen) problems.push(`${seed} move ${n} (${state.phase}): the view of ${viewer} depends on a secret`);
          if (/"rng"|"deck"|"discard"|"clerkDrawn"/.test(seen)) problems.push(`${seed} move ${n}: the view of ${viewer} exposes hidden state`);
        }
        const seat = state.turn;
        const move: MeutererMove = meuterer.bot.choose(state, seat, { level, seed: `${seed}:${n}` });
        for (const viewer of viewers) {
          if (viewer === seat) continue;
          const redacted = JSON.stringify(meuterer.redactMove(state, seat, move, viewer));
          if (move.type === 'chooseAction' && redacted.includes(move.role)) problems.push(`${seed} move ${n}: history shows the chosen role to ${viewer}`);
          if (move.type === 'keepCards' && redacted.includes('cards')) problems.push(`${seed} move ${n}: history shows the kept cards to ${viewer}`);
        }
        const result = meuterer.apply(state, seat, move);
        if (!result.ok) throw new Error(`${seed}: bot move refused ${JSON.stringify(result.error)}`);
        problems.push(...logProblems(result.log, `${seed} move ${n}`));
        state = result.state;
      }
      phases.add(state.phase);
    }
  }
  t.same(problems.slice(0, 10), [], 'views, history and logs are independent of the secrets hidden from their viewer');
  t.ok(scrambledDiffers > 1000, 'the scrambler really changed hidden cards and roles');
  t.same([...phases].sort(), ['allocate', 'captainCard', 'chooseAction', 'gameOver', 'loadingClerk', 'mutiny', 'offer'], 'every phase was visited');
});

t.test('own secrets are shown to their owner only (§7 table)', async (t) => {
  let state = meuterer.setup({ seats: 4, options: { pirates: false, layout: 'standard' }, seed: 'own' });
  state = { ...state, phase: 'offer', turn: state.captain, captainCard: 0 };
  const captain = state.captain;
  const v = meuterer.view(state, captain) as { players: { hand?: Card[] }[] };
  t.same(v.players[captain]!.hand, state.players[captain]!.hand);
  t.ok(v.players.every((p, seat) => seat === captain || p.hand === undefined));
  const spectator = meuterer.view(state, null) as { players: { hand?: Card[]; kept?: Card[] }[] };
  t.ok(spectator.players.every((p) => p.hand === undefined && p.kept === undefined), 'a spectator sees no hand');
});
