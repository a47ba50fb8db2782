/**
 * Readable logs: over seeded random games (LOG_TEXT_GAMES, default 6), every text names seats through
 * `{seat:N}` placeholders (rendered here with names), uses game terms rather than code ids, and each kind
 * of entry names its specifics (the buildings built, the goods and prices traded, the sailing route...).
 */
import t from 'tap';
import { Random, createRng } from '../../../src/engine/random.js';
import type { LogEntry } from '../../../src/engine/types.js';
import { REGIONS, type Building } from '../../../src/games/navegador/data.js';
import { navegador } from '../../../src/games/navegador/index.js';
import { moveFamilies } from '../../../src/games/navegador/families.js';
import type { NavegadorMove } from '../../../src/games/navegador/types.js';
import { BUILDING_NAMES, fieldName } from '../../../src/games/navegador/words.js';
import { sampleFamily } from '../../../src/engine/families.js';
import { checkTexts, render } from '../../support/log-text.js';

const GAMES = Number(process.env.LOG_TEXT_GAMES ?? 6);

type Entry = LogEntry & Record<string, unknown>;
const has = (text: string, ...parts: readonly (string | number)[]) => parts.every((p) => text.includes(String(p)));

/** Per entry type: whether the text names what the structured fields say. */
const SPECIFICS: Record<string, (e: Entry, text: string) => boolean> = {
  'rondel.moved': (e, text) => has(text, fieldName(e.field as number)) && (e.shipsPaid as number[]).every((r) => has(text, REGIONS[r] as string)),
  'ships.sailed': (e, text) => (e.paths as { path: number[] }[]).every((g) => g.path.every((r) => has(text, REGIONS[r] as string))),
  'region.explored': (e, text) => has(text, REGIONS[e.region as number] as string, ...(e.values as number[]), `${e.bonus as number} Cr`),
  'workers.recruited': (e, text) => has(text, `${e.count as number} worker`, `${e.cost as number} Cr`),
  'ships.built': (e, text) => has(text, `${e.count as number} ship`, `${e.cost as number} Cr`),
  'colonies.founded': (e, text) => (e.colonies as { region: number; value: number }[]).every((c) => has(text, REGIONS[c.region] as string, `${c.value} Cr`)),
  'buildings.built': (e, text) =>
    Object.keys(e.pieces as object).every((b) => has(text, BUILDING_NAMES[b as Building].slice(0, -1))) && has(text, `${e.cost as number} Cr`),
  'market.traded': (e, text) => (e.trades as { good: string; price: number }[]).every((x) => has(text, x.good, `${x.price} Cr`)),
  'privilege.taken': (e, text) => has(text, `${e.column as string} privilege`, `${e.cash as number} Cr`),
  'phase.changed': (e, text) => has(text, 'Phase ', e.phase === 3 ? 'III' : 'II'),
  'end.triggered': (e, text) => has(text, e.trigger === 'nagasaki' ? 'Nagasaki' : 'last building'),
  'navegador.used': (e, text) => has(text, `{seat:${e.from as number}}`, `{seat:${e.to as number}}`),
  'navegador.expired': (e, text) => has(text, `{seat:${e.from as number}}`, `{seat:${e.to as number}}`, 'expired'),
  'action.skipped': (_e, text) => has(text, 'did not act on'),
  'action.none': (_e, text) => has(text, 'cannot act on'),
  'game.ended': (e, text) => (e.setAside as number[]).every((v) => has(text, v)),
};

t.test('Navegador log texts are readable and specific', async (t) => {
  const rng = new Random(createRng('navegador-log-text'));
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (let game = 0; game < GAMES; game++) {
    let state = navegador.setup({ seats: 2 + (game % 4), options: {}, seed: `log-${game}` });
    while (navegador.outcome(state) === null) {
      const seat = state.current;
      const members = moveFamilies(state, seat).map((f) => sampleFamily(f, rng)).filter((m) => m !== null);
      const move = (members.length > 0 && rng.int(3) === 0 ? rng.pick(members) : rng.pick(navegador.legalMoves(state, seat))) as NavegadorMove;
      const result = navegador.apply(state, seat, move);
      if (!result.ok) throw new Error(`refused ${JSON.stringify(move)}`);
      checkTexts(result.log, problems);
      for (const entry of result.log as Entry[]) {
        const specific = SPECIFICS[entry.type];
        if (!specific) problems.push(`no specifics check for ${entry.type}`);
        else if (!specific(entry, entry.text)) problems.push(`${entry.type} misses its specifics: "${entry.text}" ${JSON.stringify(entry)}`);
        if (!seen.has(entry.type)) seen.set(entry.type, render(entry.text));
      }
      state = result.state;
    }
  }
  t.same(problems.slice(0, 10), [], 'no unreadable or unspecific text');
  for (const type of ['rondel.moved', 'ships.sailed', 'region.explored', 'colonies.founded', 'buildings.built', 'market.traded', 'privilege.taken', 'game.ended']) {
    t.ok(seen.has(type), `seen ${type}: ${seen.get(type) ?? ''}`);
  }
});
