/**
 * Readable logs: over seeded random games on the four maps (LOG_TEXT_GAMES per map, default 3), every text
 * names seats through `{seat:N}` placeholders (rendered here with names), uses game terms rather than code
 * ids, names its specifics (direction, route and why a ship stopped short, the duty box, the goods sold,
 * why a star was earned), and effects come after their causes (a sale before its star, a move before the
 * regions it explores).
 */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { LogEntry } from '../../../src/engine/types.js';
import { DIRECTION_NAMES, MAP_IDS } from '../../../src/games/voyages/data.js';
import { voyages } from '../../../src/games/voyages/index.js';
import { starReason } from '../../../src/games/voyages/texts.js';
import type { StarSource } from '../../../src/games/voyages/data.js';
import { checkTexts, render } from '../../support/log-text.js';

const GAMES = Number(process.env.LOG_TEXT_GAMES ?? 3);

type Entry = LogEntry & Record<string, unknown>;
const has = (text: string, ...parts: readonly (string | number)[]) => parts.every((p) => text.includes(String(p)));

/** Facts a text need not spell out (machine keys, or said in other words). */
const UNSAID = new Set(['type', 'text', 'seat', 'visibleTo', 'mode', 'source', 'building', 'stopped', 'region']);

const SPECIFICS: Record<string, (e: Entry, text: string) => boolean> = {
  'ship.steered': (e, text) => has(text, DIRECTION_NAMES[(e.value as number) - 1] as string),
  'ship.moved': (e, text) => {
    const path = e.path as string[];
    const last = path[path.length - 1];
    if (last === undefined) return has(text, 'cannot sail', e.from as string);
    return has(text, e.from as string, last) && (e.stopped === null || has(text, e.stopped as string)) && e.from !== last;
  },
  'duty.marked': (e, text) => has(text, `a ${e.value as number}`),
  'star.gained': (e, text) => has(text, starReason(e.source as StarSource)),
  'cargo.sold': (e, text) => e.mode === 'none' || (has(text, `${e.gold as number} gold`) && Object.keys(e.sold as object).every((k) => has(text, k))),
};

/** Generic specifics: every other string fact (a space, a part, a monster...) is named in the text. */
function namesFacts(e: Entry, text: string): boolean {
  return Object.entries(e).every(([key, value]) => UNSAID.has(key) || typeof value !== 'string' || text.includes(value));
}

/** Causes before effects within one move's log. */
function orderProblems(log: readonly Entry[]): string[] {
  const problems: string[] = [];
  log.forEach((e, i) => {
    const before = log.slice(0, i);
    if (e.type === 'star.gained' && e.source === 'cargo' && !before.some((x) => x.type === 'cargo.sold')) problems.push(`a cargo star before its sale: ${render(e.text)}`);
    if (e.type === 'region.explored' && !before.some((x) => x.type === 'ship.moved' || x.type === 'ability.bonusMove')) problems.push(`an exploration before the move: ${render(e.text)}`);
  });
  return problems;
}

t.test('Voyages log texts are readable, specific and in order', async (t) => {
  const rng = new Random(createRng('voyages-log-text'));
  const problems: string[] = [];
  const seen = new Map<string, string>();
  let stops = 0;
  for (const map of MAP_IDS) {
    for (let game = 0; game < GAMES; game++) {
      const seats = 1 + (game % 3);
      // Our round limit keeps random games short (random play seldom reaches 3 stars quickly).
      const options = voyages.validateOptions({ map, maxRounds: 30 }, seats);
      if (!options.ok) throw new Error('options refused');
      let state = voyages.setup({ seats, options: options.value, seed: `log-${map}-${game}` });
      while (voyages.outcome(state) === null) {
        const seat = rng.pick(voyages.toMove(state));
        const result = voyages.apply(state, seat, rng.pick(voyages.legalMoves(state, seat)));
        if (!result.ok) throw new Error('a listed move was refused');
        const log = result.log as Entry[];
        checkTexts(log, problems);
        problems.push(...orderProblems(log));
        for (const entry of log) {
          const specific = SPECIFICS[entry.type] ?? namesFacts;
          if (!specific(entry, entry.text)) problems.push(`${entry.type} misses its specifics: "${entry.text}" ${JSON.stringify(entry)}`);
          if (entry.type === 'ship.moved' && entry.stopped !== null) stops++;
          if (!seen.has(entry.type)) seen.set(entry.type, render(entry.text));
        }
        state = result.state;
      }
    }
  }
  t.same(problems.slice(0, 10), [], 'no unreadable, unspecific or out-of-order text');
  t.ok(stops > 0, `ships stopped short: ${stops}`);
  for (const type of ['ship.steered', 'ship.moved', 'duty.marked', 'star.gained', 'cargo.sold', 'region.explored', 'round.rolled']) {
    t.ok(seen.has(type), `seen ${type}: ${seen.get(type) ?? ''}`);
  }
});
