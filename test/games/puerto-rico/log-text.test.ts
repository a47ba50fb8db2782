/**
 * Puerto Rico's log reads as the game: over seeded bot games of every player count, each entry rendered
 * with names has no "Seat N" and no code id, names its seat, and says its specifics (which role, tile,
 * building, goods, price, ship). Entries come in the order things happen. LOG_TEXT_GAMES sets the count.
 */
import t from 'tap';
import type { Building, Good, RoleCard, Tile } from '../../../src/games/puerto-rico/data.js';
import { puertoRico } from '../../../src/games/puerto-rico/index.js';
import { BUILDING_NAMES, roleName } from '../../../src/games/puerto-rico/words.js';
import { checkLogTexts, playLogged, type LoggedMove, type Specifics } from '../../support/log-text-check.js';
import { A, goods, inPhase, newGame, play, withPlayers } from './helpers.js';
import { VARIANTS } from './property-support.js';

const GAMES = Number(process.env['LOG_TEXT_GAMES'] ?? 14);

type Counts = Partial<Record<string, number>>;
const amounts = (counts: unknown): string[] =>
  Object.entries((counts ?? {}) as Counts).filter(([, n]) => (n ?? 0) > 0).map(([good, n]) => `${n} ${good}`);
const tileWord = (tile: Tile) => (tile === 'quarry' ? 'quarr' : `${tile} plantation`);
const none: Specifics = () => [];

const SPECIFICS: Record<string, Specifics> = {
  'role.chosen': (e) => [`the ${roleName(e['card'] as RoleCard)}`, ...((e['doubloons'] as number) > 0 ? [`${e['doubloons']} doubloon`] : [])],
  prospector: () => ['1 doubloon'],
  'settler.hacienda': (e) => [tileWord(e['tile'] as Tile), 'Hacienda'],
  'settler.plantation': (e) => [tileWord(e['tile'] as Tile), ...(e['hospice'] ? ['Hospice'] : [])],
  'settler.quarry': (e) => ['quarry', ...(e['hospice'] ? ['Hospice'] : [])],
  'settler.pass': none,
  'settler.reshuffle': none,
  'settler.refill': (e) => e['faceUp'] as Good[],
  'mayor.privilege': () => ['privilege colonist'],
  'mayor.distributed': (e, names) => (e['received'] as number[]).flatMap((n, seat) => (n > 0 ? [`${names[seat]} ${n}`] : [])),
  'mayor.arranged': (e) => [
    ...Object.entries(e['plantations'] as Counts).filter(([, n]) => n).map(([tile]) => tileWord(tile as Tile)),
    ...Object.entries(e['buildings'] as Counts).filter(([, n]) => n).map(([b]) => `the ${BUILDING_NAMES[b as Building]}`),
    ...((e['sanJuan'] as number) > 0 ? [`${e['sanJuan']} wait`] : []),
  ],
  'mayor.refill': (e) => [`${e['moved']} colonist`],
  'builder.built': (e) => [BUILDING_NAMES[e['building'] as Building], `${e['price']} doubloon`, ...(e['university'] ? ['University'] : [])],
  'builder.pass': none,
  'craftsman.produced': (e) => [...amounts(e['goods']), ...((e['factory'] as number) > 0 ? [`${e['factory']} doubloon`, 'Factory'] : [])],
  'craftsman.pass': none,
  'craftsman.bonus': (e) => [`1 extra ${e['good']}`],
  'craftsman.noBonus': none,
  'trader.sold': (e) => [`1 ${e['good']}`, `${e['price']} doubloon`],
  'trader.pass': none,
  'trader.houseEmptied': (e) => amounts(e['goods']),
  'captain.loaded': (e) => [`${e['barrels']} ${e['good']}`, `${e['capacity']}-barrel ship`, `${e['vp']} VP`],
  'captain.wharf': (e) => [`${e['barrels']} ${e['good']}`, 'Wharf', `${e['vp']} VP`],
  'captain.pass': none,
  'captain.stored': (e) => [...amounts(e['kept']), ...amounts(e['returned'])],
  'captain.unloaded': (e) => [`${e['capacity']}-barrel ship`, `${e['barrels']} ${e['good']}`],
  'round.end': (e, names) => [`Round ${(e['round'] as number) - 1}`, `${names[e['governor'] as number]} is the new governor`],
  'game.endTriggered': none,
  'game.over': none,
};

/** Seen in a handful of games only by luck (a drawn Hacienda, a used Wharf...): not required here. */
const RARE = new Set(['settler.hacienda', 'settler.reshuffle', 'captain.wharf', 'craftsman.noBonus', 'trader.houseEmptied', 'prospector']);

function playAll(): LoggedMove[] {
  const moves: LoggedMove[] = [];
  for (let i = 0; i < GAMES; i++) {
    const variant = VARIANTS[i % VARIANTS.length]!;
    moves.push(...playLogged(puertoRico, variant.seats, variant.options, `log-text-${i}`, i % 2 ? ['greedy', 'random'] : ['random']));
  }
  return moves;
}

t.test('every entry is readable and names its specifics', async (t) => {
  const moves = playAll();
  const seen = checkLogTexts(moves, SPECIFICS);
  for (const type of Object.keys(SPECIFICS)) {
    if (!RARE.has(type)) t.ok(seen.has(type), `the games logged ${type}`);
  }
  t.ok(seen.size >= Object.keys(SPECIFICS).length - RARE.size, `${seen.size} kinds of entry seen over ${moves.length} moves`);
});

t.test('entries come in the order things happen: the last VP chips run out after the shipment that took them', async (t) => {
  let s = withPlayers(newGame(3), { [A]: { goods: goods({ corn: 3 }) } });
  s = inPhase(s, 'captain', A, { name: 'captain', turn: A, passes: 0, privilegeUsed: false, wharfUsed: [false, false, false] });
  s = { ...s, vpSupply: 2 };
  const { log } = play(s, A, { type: 'load', good: 'corn', ship: 0 });
  const types = log.map((e) => e.type);
  t.ok(types.indexOf('captain.loaded') >= 0 && types.indexOf('captain.loaded') < types.indexOf('game.endTriggered'), types.join(', '));
  t.same(log[0], {
    type: 'captain.loaded',
    text: '{seat:0} shipped 3 corn on the 4-barrel ship (now 3 of 4) for 4 VP.',
    seat: A, good: 'corn', ship: 0, capacity: 4, load: 3, barrels: 3, vp: 4,
  });
});
