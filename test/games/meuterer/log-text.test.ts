/**
 * Meuterer's log reads as the game: over seeded bot games (3 and 4 players, with and without pirates),
 * each entry rendered with names has no "Seat N" and no code id (`loadingClerk`), names its seat, and
 * says its specifics (which card, island, role, how many cards, how many VP). A tie that scores nobody is
 * logged. LOG_TEXT_GAMES sets the number of games.
 */
import t from 'tap';
import { renderLogText } from '../../../src/engine/log-text.js';
import type { LogEntry } from '../../../src/engine/types.js';
import { ISLANDS, ISLAND_IDS, type Card, type Role } from '../../../src/games/meuterer/data.js';
import { meuterer } from '../../../src/games/meuterer/index.js';
import type { Sale } from '../../../src/games/meuterer/types.js';
import { roleName } from '../../../src/games/meuterer/words.js';
import { NAMES, checkLogTexts, playLogged, type LoggedMove, type Specifics } from '../../support/log-text-check.js';
import { P, pass, play, snapshot, type SeatSpec } from './helpers.js';

const GAMES = Number(process.env['LOG_TEXT_GAMES'] ?? 16);
const VARIANTS = [
  { seats: 3, options: { pirates: false } },
  { seats: 4, options: { pirates: true } },
  { seats: 4, options: { pirates: false } },
  { seats: 3, options: { pirates: true } },
];

/** Island names by position are per game (the layout is shuffled): the specifics name any island. */
const ISLAND_NAMES = ISLAND_IDS.map((id) => ISLANDS[id].name);
const anIsland = (text: string) => ISLAND_NAMES.some((name) => text.includes(name));
const cardCount = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
const counted = (cards: readonly Card[]) => [...new Set(cards)].map((c) => `${cards.filter((x) => x === c).length} ${c}`);

const SPECIFICS: Record<string, Specifics> = {
  'captainCard.set': (e) => [`captain card to ${e['value']}`],
  'goods.offered': (e) => [e['card'] as string],
  'pirate.sailed': (e) => ['counterclockwise from', ...(e['plunder'] ? ['caught up with the merchant ship'] : [])],
  'pirate.plundered': (e) => counted(e['cards'] as Card[]),
  'player.passed': (e) => [`keeping ${cardCount(e['kept'] as number)}`, ...(e['destination'] !== undefined ? ["Captain's destination is"] : ['action card'])],
  'action.chosen': () => ['action card'],
  'action.chosen.private': (e) => [...(e['pool'] as Role[]).map(roleName), `kept the ${roleName(e['role'] as Role)}`],
  'actions.revealed': (e, names) => (e['roles'] as (Role | null)[]).map((r, seat) => `${names[seat]} ${roleName(r)}`),
  'mutiny.started': () => ["Mutineer's destination is"],
  'mutiny.played': (e) => [`${e['count']} conflict card`],
  'mutiny.resolved': (e) => [`mutineers ${e['mutineerSide']}`, `Captain's side ${e['captainSide']}`, e['succeeded'] ? 'succeeded' : 'failed'],
  'score.ship': (e) => [`${e['points']} VP`, 'taking the ship to'],
  'score.boy': (e) => [`${e['points']} VP`, "Ship's Boy"],
  'captain.changed': () => ['new Captain'],
  'score.boatswain': (e) => [`${e['points']} VP`, `${e['paidByCaptain']} of them paid by the Captain`],
  'sales.allocated': (e) => ((e['sales'] as Sale[]).length === 0 ? ['has no goods to sell'] : (e['sales'] as Sale[]).map((x) => `${x.count} ${x.good} at `)),
  'score.sales': (e) => [`${e['points']} VP at `, `with ${cardCount(e['count'] as number)}`],
  'score.tie': (e, names) => [...(e['seats'] as number[]).map((s) => names[s] as string), `${cardCount(e['count'] as number)} each`, 'scores nobody'],
  'ship.moved': (e) => [e['from'] === e['to'] ? 'stayed at' : 'sailed from'],
  'cards.discarded': (e) => counted(e['cards'] as Card[]),
  'deck.reshuffled': (e) => [cardCount(e['size'] as number)],
  'cards.drawn': (e) => [cardCount(e['count'] as number)],
  'cards.drawn.private': (e) => counted(e['cards'] as Card[]),
  'cards.kept': (e) => [`kept ${cardCount(e['kept'] as number)}`, `put ${cardCount(e['rejected'] as number)} under`],
  'cards.kept.private': (e) => [...counted(e['cards'] as Card[]), ...counted(e['rejectedCards'] as Card[])],
  'round.started': (e, names) => [`Round ${e['round']}`, `${names[e['captain'] as number]} is the Captain`],
  'game.ended': (e, names) => (e['scores'] as number[]).map((n, seat) => `${names[seat]} ${n}`),
};

/** Entries that name an island must name a real one. */
const NAMES_AN_ISLAND = new Set(['pirate.sailed', 'mutiny.started', 'score.ship', 'score.sales', 'score.tie', 'ship.moved']);
/** Only some games reach these (the pirate variant plundering, a four-way tie, a reshuffle...). */
const RARE = new Set(['pirate.plundered', 'score.tie', 'deck.reshuffled']);

function playAll(): LoggedMove[] {
  const moves: LoggedMove[] = [];
  for (let i = 0; i < GAMES; i++) {
    const variant = VARIANTS[i % VARIANTS.length]!;
    moves.push(...playLogged(meuterer, variant.seats, variant.options, `log-text-${i}`, i % 2 ? ['greedy', 'random'] : ['random']));
  }
  return moves;
}

t.test('every entry is readable and names its specifics', async (t) => {
  const moves = playAll();
  const seen = checkLogTexts(moves, SPECIFICS);
  for (const type of Object.keys(SPECIFICS)) if (!RARE.has(type)) t.ok(seen.has(type), `the games logged ${type}`);
  const islandEntries = moves.flatMap((m) => m.log).filter((e) => NAMES_AN_ISLAND.has(e.type) || e['destination'] !== undefined);
  t.ok(islandEntries.length > 100, `${islandEntries.length} entries about islands`);
  t.same(islandEntries.filter((e) => !anIsland(e.text)).map((e) => e.text), [], 'each names its island');
});

t.test('a four-way tie that scores nobody is logged (GS-14, D13)', async (t) => {
  const players: SeatSpec[] = ['wine', 'cloth', 'salt', 'wheat'].map((faceUp, seat) =>
    seat === 0 ? { faceUp } : { faceUp, role: (['merchant', 'boy', 'boatswain'] as Role[])[seat - 1], passed: true },
  );
  const { log, state } = play(snapshot({ ship: P.HL, active: [P.HL], players }), [[0, pass]]);
  t.same(state.players.map((p) => p.breakdown.sales), [0, 0, 0, 0]);
  const tie = log.find((e) => e.type === 'score.tie') as LogEntry;
  t.same(tie, {
    type: 'score.tie',
    text: 'At Hochland, {seat:0}, {seat:1}, {seat:2} and {seat:3} tied with 1 card each: a 4-way tie scores nobody.',
    island: P.HL,
    islandId: 'hochland',
    seats: [0, 1, 2, 3],
    count: 1,
  });
  t.equal(renderLogText(tie.text, NAMES), 'At Hochland, Ana, Ben, Cyd and Dee tied with 1 card each: a 4-way tie scores nobody.');
  t.notOk(log.some((e) => e.type === 'score.sales'), 'nobody scored at Hochland');
  const types = log.map((e) => e.type);
  t.ok(types.indexOf('sales.allocated') < types.indexOf('score.tie') && types.indexOf('score.tie') < types.indexOf('ship.moved'), 'in the order of phase 5b, then phase 6');
});
