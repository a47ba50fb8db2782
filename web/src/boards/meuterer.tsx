/**
 * Meuterer board: the twelve islands in a row (clockwise from Hochland) with the merchant ship, the
 * destinations and the pirate ship; every seat's table area (offer, face-down count, action card once
 * revealed, score); your hand and kept cards; and the controls of the phase, built from `legalMoves`.
 *
 * It reads only the caller's view (GET /v1/games/:id/state): another seat's hand, kept set and hidden
 * action card are not in it, so they cannot be drawn. The island table (what each island buys, its
 * values and ship VP) is printed on the cards, so it is copied here from the rules reference
 * (docs/rules/meuterer.md §2, decision D4) rather than fetched: the view names islands by id only.
 */
import { useEffect, useMemo, useState } from 'react';
import type { BoardProps } from './types.js';
import { useSendOnce } from './send-once.js';
import { ConfirmMove } from './confirm-move.js';
import './meuterer.css';

type Good = 'ruby' | 'salt' | 'wine' | 'cloth' | 'wheat';
type Card = Good | 'conflict' | 'pirate';
type Role = 'mutineer' | 'boy' | 'boatswain' | 'merchant' | 'loadingClerk';

interface Island {
  name: string;
  buys: Good | null;
  /** [sole majority, each in a 2-way tie, each in a 3-way tie] */
  values: [number, number, number];
  shipVp: number;
}

/** §2 (D4: values from an unofficial source, the same table the engine uses). */
const ISLANDS: Record<string, Island> = {
  hochland: { name: 'Hochland', buys: null, values: [4, 3, 2], shipVp: 5 },
  frosthoehle: { name: 'Frosthöhle', buys: 'cloth', values: [3, 2, 1], shipVp: 3 },
  gruenland: { name: 'Grünland', buys: 'salt', values: [5, 3, 2], shipVp: 4 },
  kargeZunge: { name: 'Karge Zunge', buys: 'wheat', values: [6, 3, 2], shipVp: 4 },
  eisfelsen: { name: 'Eisfelsen', buys: 'ruby', values: [6, 4, 3], shipVp: 5 },
  affeninsel: { name: 'Affeninsel', buys: 'wheat', values: [2, 1, 1], shipVp: 2 },
  kalteKlippe: { name: 'Kalte Klippe', buys: 'cloth', values: [5, 2, 2], shipVp: 4 },
  sommerland: { name: 'Sommerland', buys: 'salt', values: [3, 1, 1], shipVp: 2 },
  rotesRiff: { name: 'Rotes Riff', buys: 'wine', values: [4, 2, 2], shipVp: 3 },
  piratennest: { name: 'Piratennest', buys: null, values: [4, 3, 2], shipVp: 5 },
  fingerhut: { name: 'Fingerhut', buys: 'ruby', values: [2, 1, 0], shipVp: 2 },
  sandkap: { name: 'Sandkap', buys: 'wine', values: [4, 2, 1], shipVp: 3 },
};

const CARD_ORDER: Card[] = ['ruby', 'salt', 'wine', 'cloth', 'wheat', 'conflict', 'pirate'];
const CARD_NAMES: Record<Card, string> = {
  ruby: 'Ruby',
  salt: 'Salt',
  wine: 'Wine',
  cloth: 'Cloth',
  wheat: 'Wheat',
  conflict: 'Conflict',
  pirate: 'Pirate',
};
/** A letter on every card, so the colour is never the only cue. */
const CARD_MARKS: Record<Card, string> = { ruby: 'R', salt: 'S', wine: 'W', cloth: 'C', wheat: 'H', conflict: '⚔', pirate: '☠' };

const ROLE_NAMES: Record<Role, string> = {
  mutineer: 'Mutineer',
  boy: "Ship's boy",
  boatswain: 'Boatswain',
  merchant: 'Merchant',
  loadingClerk: 'Loading clerk',
};
const ROLE_HELP: Record<Role, string> = {
  mutineer: "starts a mutiny; if it succeeds he scores his destination's ship VP and becomes captain",
  boy: 'fights for the mutineer; +2 if the mutiny succeeds',
  boatswain: 'fights for the captain (counts as 1 conflict card); scores 1 + X if the captain keeps command',
  merchant: "stays out of the mutiny; when tied for the most at an island he scores its highest value",
  loadingClerk: 'stays out of the mutiny; draws 3 extra cards at the refill and keeps the ones he likes',
};

const PHASE_NAMES: Record<string, string> = {
  captainCard: 'Phase 1: the captain chooses the captain card',
  offer: 'Phase 2: offering goods',
  chooseAction: 'Phase 2: choosing an action card',
  mutiny: 'Phase 4: the mutiny',
  allocate: 'Phase 5: allocating sales',
  loadingClerk: 'Phase 8: the loading clerk keeps cards',
  gameOver: 'Game over',
};

const cardName = (c: string): string => CARD_NAMES[c as Card] ?? c;
const roleName = (r: string): string => ROLE_NAMES[r as Role] ?? r;
const islandAt = (view: any, pos: number): Island & { id: string } => {
  const id: string = view.layout?.[pos] ?? '';
  return { id, ...(ISLANDS[id] ?? { name: id, buys: null, values: [0, 0, 0], shipVp: 0 }) };
};
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const sortCards = (cards: readonly string[]): string[] =>
  [...cards].sort((a, b) => CARD_ORDER.indexOf(a as Card) - CARD_ORDER.indexOf(b as Card));
const key = (m: unknown): string => JSON.stringify(m);

function seatName(players: BoardProps['players'], seat: number): string {
  const p = players.find((x) => x.seat === seat);
  return p ? p.name : `Seat ${seat + 1}`;
}

function describeSales(view: any, sales: readonly any[]): string {
  if (sales.length === 0) return 'sell nothing';
  return sales.map((s) => `${s.count} ${cardName(s.good).toLowerCase()} at ${islandAt(view, s.island).name}`).join(' and ');
}

function CardChip({ card, small }: { card: string; small?: boolean }) {
  return (
    <span className={`mt-card mt-card-${card}${small ? ' mt-small' : ''}`}>
      <span className="mt-mark" aria-hidden="true">{CARD_MARKS[card as Card] ?? '?'}</span>
      {cardName(card)}
    </span>
  );
}

function CardList({ cards, label }: { cards: readonly string[]; label: string }) {
  if (cards.length === 0) return <span className="mt-none">none</span>;
  return (
    <ul className="mt-cards" aria-label={label}>
      {sortCards(cards).map((c, i) => (
        <li key={i}>
          <CardChip card={c} small />
        </li>
      ))}
    </ul>
  );
}

function IslandRow({ view, seat }: { view: any; seat: number | null }) {
  const active: number[] = view.active ?? [];
  // Where the caller's destination would go if he passed now (§3.2: N islands clockwise, N = cards kept).
  const me = seat === null ? undefined : view.players?.[seat];
  const hint =
    me && view.phase === 'offer' && !me.passed && view.toMove?.includes(seat) && seat === view.captain
      ? (view.ship + me.handSize) % 12
      : null;
  return (
    <ol className="mt-islands" aria-label="Islands, clockwise from Hochland">
      {Array.from({ length: 12 }, (_, pos) => {
        const isl = islandAt(view, pos);
        const isActive = active.includes(pos);
        const marks: string[] = [];
        if (view.ship === pos) marks.push('Merchant ship');
        if (view.pirateShip === pos) marks.push('Pirate ship');
        if (view.captainDestination === pos) marks.push("Captain's destination");
        if (view.mutineerDestination === pos) marks.push("Mutineer's destination");
        const label = `${pos + 1}. ${isl.name}, ${isActive ? 'active' : 'inactive'}, buys ${isl.buys ? cardName(isl.buys).toLowerCase() : 'any good'}, values ${isl.values.join(' / ')}, ship VP ${isl.shipVp}${marks.length ? `; ${marks.join(', ')}` : ''}${hint === pos ? '; your destination if you pass now' : ''}`;
        return (
          <li key={pos} className={`mt-island${isActive ? ' mt-active' : ''}${hint === pos ? ' mt-hint' : ''}`} aria-label={label}>
            <div className="mt-island-head">
              <span className="mt-pos">{pos + 1}</span>
              <span className="mt-island-name">{isl.name}</span>
            </div>
            <div className="mt-buys">
              {isl.buys ? <CardChip card={isl.buys} small /> : <span className="mt-any">any good</span>}
            </div>
            <div className="mt-values">VP {isl.values.join(' / ')}</div>
            <div className="mt-shipvp">⚓ {isl.shipVp} VP</div>
            <div className="mt-state">{isActive ? 'active: sells' : 'dark'}</div>
            <div className="mt-tokens">
              {view.ship === pos && (
                <span className="mt-token mt-ship">
                  <svg viewBox="-14 -17 28 29" width="14" height="14" aria-hidden="true">
                    <path d="M-13,3 L13,3 L8,11 L-8,11 Z M-1,1 L-1,-16 L11,0 Z M-3,1 L-3,-12 L-12,0 Z" fill="currentColor" />
                  </svg>{' '}
                  ship
                </span>
              )}
              {view.pirateShip === pos && <span className="mt-token mt-pirate">☠ pirates</span>}
              {view.captainDestination === pos && <span className="mt-token mt-dest-c">⚑ captain</span>}
              {view.mutineerDestination === pos && <span className="mt-token mt-dest-m">⚐ mutineer</span>}
              {hint === pos && <span className="mt-token mt-dest-hint">if you pass</span>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function PlayerArea({ view, p, players, seat }: { view: any; p: any; players: BoardProps['players']; seat: number | null }) {
  const info = players.find((x) => x.seat === p.seat);
  const isMe = p.seat === seat;
  const isCaptain = p.seat === view.captain;
  const toMove = (view.toMove ?? []).includes(p.seat);
  const b = p.breakdown ?? {};
  let role: string;
  if (isCaptain) role = view.captainCard === null ? 'Captain' : `Captain, X = ${view.captainCard}`;
  else if (p.role) role = roleName(p.role) + (isMe && view.pool === null && view.phase !== 'gameOver' ? ' (hidden from the others)' : '');
  else if (p.hasRole) role = 'Action card (face down)';
  else role = 'No action card yet';
  return (
    <section
      className={`mt-player${isMe ? ' mt-me' : ''}${toMove ? ' mt-tomove' : ''}`}
      aria-label={`${info?.name ?? `Seat ${p.seat + 1}`}${isMe ? ' (you)' : ''}`}
      data-seat={p.seat}
    >
      <h3>
        {toMove && <span className="mt-turn" aria-label="to move">▶ </span>}
        {info?.name ?? `Seat ${p.seat + 1}`}
        {isMe && <span className="mt-tag"> (you)</span>}
        {info?.bot && <span className="mt-tag"> (bot)</span>}
        <span className="mt-score" aria-label={`score ${p.score}`}>{p.score} VP</span>
      </h3>
      <p className="mt-role">{role}</p>
      <dl className="mt-facts">
        <dt>Hand</dt>
        <dd>{plural(p.handSize, 'card')}</dd>
        <dt>Offered</dt>
        <dd>
          <CardList cards={p.faceUp ?? []} label={`cards offered by ${info?.name ?? `seat ${p.seat + 1}`}`} />
        </dd>
        <dt>Status</dt>
        <dd>{p.passed ? `passed, ${plural(p.keptCount, 'card')} face down` : 'still offering'}</dd>
        {p.mutinyCards > 0 && (
          <>
            <dt>Mutiny</dt>
            <dd>{plural(p.mutinyCards, 'conflict card')} played</dd>
          </>
        )}
        {p.sales && (
          <>
            <dt>Sells</dt>
            <dd>{describeSales(view, p.sales)}</dd>
          </>
        )}
      </dl>
      <p className="mt-breakdown">
        ship {b.ship ?? 0} · boatswain {b.boatswain ?? 0} · boy {b.boy ?? 0} · sales {b.sales ?? 0}
      </p>
    </section>
  );
}

/** The loading clerk picks a multiset of his drawn cards; the Keep button is live only when it is a legal move. */
function ClerkChooser({ view, legalMoves, onMove, busy }: { view: any; legalMoves: any[]; onMove: (m: unknown) => void; busy: boolean }) {
  const drawn: string[] = view.drawn ?? [];
  const need: number = legalMoves[0]?.cards?.length ?? 0;
  const [picked, setPicked] = useState<number[]>([]);
  useEffect(() => setPicked([]), [key(drawn)]);
  const pickedCards = sortCards(picked.map((i) => drawn[i] ?? ''));
  const match = legalMoves.find((m) => key(sortCards(m.cards)) === key(pickedCards));
  return (
    <div className="mt-clerk">
      <p>
        You drew {plural(drawn.length, 'card')}. Keep exactly {need}; the rest go under the discard pile.
      </p>
      <div className="mt-choices" role="group" aria-label="Drawn cards">
        {drawn.map((c, i) => {
          const on = picked.includes(i);
          return (
            <button
              key={i}
              type="button"
              aria-pressed={on}
              className={`mt-pick${on ? ' mt-picked' : ''}`}
              disabled={busy || (!on && picked.length >= need)}
              onClick={() => setPicked(on ? picked.filter((x) => x !== i) : [...picked, i])}
            >
              <CardChip card={c} /> {on ? '✓ keep' : ''}
            </button>
          );
        })}
      </div>
      <button type="button" className="mt-primary" disabled={busy || match === undefined} onClick={() => match && onMove(match)}>
        Keep {pickedCards.length ? pickedCards.map(cardName).join(', ') : `${need} cards`}
      </button>
    </div>
  );
}

function Controls({ view, seat, players, legalMoves, onMove, busy }: BoardProps) {
  const toMove: number[] = view.toMove ?? [];
  if (view.phase === 'gameOver') return null;
  if (seat === null || legalMoves.length === 0) {
    const who = toMove.map((s) => seatName(players, s)).join(', ');
    return <p className="mt-wait">{who ? `Waiting for ${who}.` : 'Waiting.'}</p>;
  }
  const me = view.players?.[seat];
  const send = (m: unknown) => () => onMove(m);
  switch (view.phase) {
    case 'captainCard':
      return (
        <div>
          <p>You are the captain. Choose X: what you pay the boatswain if he helps you keep command.</p>
          <div className="mt-choices" role="group" aria-label="Captain card">
            {legalMoves.map((m) => (
              <button key={key(m)} type="button" disabled={busy} onClick={send(m)}>
                X = {m.value} <span className="mt-sub">({m.value < 2 ? '0/1' : '2/3'} card)</span>
              </button>
            ))}
          </div>
        </div>
      );
    case 'offer': {
      const pass = legalMoves.find((m) => m.type === 'pass');
      const offers = legalMoves.filter((m) => m.type === 'offer');
      const isCaptain = seat === view.captain;
      const n: number = me?.handSize ?? 0;
      const dest = islandAt(view, (view.ship + n) % 12).name;
      return (
        <div>
          <p>Offer one card from your hand (click it above or here), or pass.</p>
          <div className="mt-choices" role="group" aria-label="Offer a card">
            {offers.map((m) => (
              <button key={key(m)} type="button" disabled={busy} onClick={send(m)} aria-label={`Offer ${cardName(m.card)}`}>
                Offer <CardChip card={m.card} small />
              </button>
            ))}
            {pass && (
              <button type="button" className="mt-primary" disabled={busy} onClick={send(pass)}>
                Pass, keeping {plural(n, 'card')}
                {isCaptain ? ` (destination ${dest})` : ' and take an action card'}
              </button>
            )}
          </div>
        </div>
      );
    }
    case 'chooseAction':
      return (
        <div>
          <p>Keep one action card; the others go back face down.</p>
          <div className="mt-choices mt-roles" role="group" aria-label="Action cards">
            {legalMoves.map((m) => (
              <button key={key(m)} type="button" disabled={busy} onClick={send(m)}>
                <strong>{roleName(m.role)}</strong>
                <span className="mt-sub">{ROLE_HELP[m.role as Role]}</span>
              </button>
            ))}
          </div>
        </div>
      );
    case 'mutiny':
      return (
        <div>
          <p>The mutiny: play conflict cards from your face-down set for your side.</p>
          <div className="mt-choices" role="group" aria-label="Conflict cards">
            {legalMoves.map((m) => (
              <button key={key(m)} type="button" disabled={busy} onClick={send(m)}>
                Play {plural(m.count, 'conflict card')}
              </button>
            ))}
          </div>
        </div>
      );
    case 'allocate':
      return (
        <div>
          <p>Choose where your offered goods are sold (one kind per island).</p>
          <div className="mt-choices mt-list" role="group" aria-label="Sales">
            {legalMoves.map((m) => (
              <button key={key(m)} type="button" disabled={busy} onClick={send(m)}>
                {describeSales(view, m.sales)}
              </button>
            ))}
          </div>
        </div>
      );
    case 'loadingClerk':
      return <ClerkChooser view={view} legalMoves={legalMoves} onMove={onMove} busy={busy} />;
    default:
      return (
        <div className="mt-choices mt-list" role="group" aria-label="Moves">
          {legalMoves.map((m) => (
            <button key={key(m)} type="button" disabled={busy} onClick={send(m)}>
              {key(m)}
            </button>
          ))}
        </div>
      );
  }
}

function Hand({ view, seat, legalMoves, onMove, busy }: BoardProps) {
  // A card clicked in the hand is only chosen: "Offer <card>" sends it (confirm-move.tsx).
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [view]);
  if (seat === null) return null;
  const me = view.players?.[seat];
  if (!me) return null;
  const hand: string[] = sortCards(me.hand ?? []);
  const kept: string[] = sortCards(me.kept ?? []);
  const offerOf = (card: string) => legalMoves.find((m) => m.type === 'offer' && m.card === card);
  return (
    <section className="mt-hand" aria-label="Your cards">
      <h3>Your hand</h3>
      {chosen !== null && offerOf(chosen) ? (
        <ConfirmMove label={`Offer ${cardName(chosen)}`} busy={busy} onSend={() => onMove(offerOf(chosen))} onCancel={() => setChosen(null)} />
      ) : null}
      {hand.length === 0 ? (
        <p className="mt-none">empty</p>
      ) : (
        <ul className="mt-cards mt-big" aria-label="Your hand">
          {hand.map((c, i) => {
            const m = offerOf(c);
            return (
              <li key={i}>
                <button
                  type="button"
                  className="mt-handcard"
                  disabled={busy || m === undefined}
                  onClick={() => m && setChosen(c)}
                  aria-pressed={m ? chosen === c : undefined}
                  aria-label={m ? `Choose ${cardName(c)} to offer` : cardName(c)}
                  data-card={c}
                >
                  <CardChip card={c} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {me.passed && (
        <>
          <h4>Kept face down</h4>
          <CardList cards={kept} label="Your face-down cards" />
        </>
      )}
    </section>
  );
}

/** What an island card's marks mean, in words (no hover needed: touch screens never show titles). */
function IslandLegend() {
  return (
    <details className="mt-legend" data-testid="mt-legend">
      <summary>What the island cards show</summary>
      <dl>
        <div><dt>VP 4 / 3 / 2</dt><dd>Points for the most goods sold here: 4 for a sole majority, 3 each in a two-way tie, 2 each in a three-way tie (the merchant always takes the first number).</dd></div>
        <div><dt>⚓ 5 VP</dt><dd>Ship points: the captain scores them when the ship sails here, or the mutineer when a mutiny to here succeeds.</dd></div>
        <div><dt>Active / dark</dt><dd>Goods sell only at the active islands: the ship's island and the one it came from (two at most). Dark islands count for nothing this round.</dd></div>
        <div><dt>Buys</dt><dd>The good the island takes; "any good" takes every kind, competing in one majority.</dd></div>
      </dl>
    </details>
  );
}

export default function MeutererBoard(given: BoardProps) {
  const onMove = useSendOnce(given.onMove, given.busy, given.view);
  const props = { ...given, onMove };
  const { view, seat, players } = props;
  const ordered = useMemo(() => {
    const list: any[] = view.players ?? [];
    // Your own area first, then the others clockwise from you.
    if (seat === null) return list;
    return list.slice(seat).concat(list.slice(0, seat));
  }, [view, seat]);
  const pool: string[] | null = view.pool;
  const over = view.phase === 'gameOver';
  const best = over ? Math.max(...(view.players ?? []).map((p: any) => p.score)) : null;
  return (
    <div className="mt-board" data-game="meuterer" data-phase={view.phase}>
      <header className="mt-status" aria-live="polite">
        <span>
          Round <strong>{view.round}</strong> of {view.rounds}
        </span>
        <span>{PHASE_NAMES[view.phase] ?? view.phase}</span>
        <span>
          Captain: <strong>{seatName(players, view.captain)}</strong>
          {view.captainCard !== null && view.captainCard !== undefined ? ` (X = ${view.captainCard})` : ''}
        </span>
        <span>Deck {view.deckSize} · discard {view.discardSize}</span>
        <span>
          Action cards in the middle: {view.poolSize}
          {pool ? ` (${pool.map(roleName).join(', ')})` : ''}
        </span>
        {view.mutinySucceeded !== null && view.mutinySucceeded !== undefined && (
          <span>Mutiny {view.mutinySucceeded ? 'succeeded' : 'failed'}</span>
        )}
      </header>
      <IslandRow view={view} seat={seat} />
      <IslandLegend />
      {over && (
        <p className="mt-over" role="status">
          Game over. {(view.players ?? [])
            .filter((p: any) => p.score === best)
            .map((p: any) => seatName(players, p.seat))
            .join(' and ')}{' '}
          {(view.players ?? []).filter((p: any) => p.score === best).length > 1 ? 'share the victory' : 'wins'} with {best} VP.
        </p>
      )}
      <div className="mt-main">
        <div className="mt-left">
          <Hand {...props} />
          <section className="mt-controls" aria-label="Your move">
            <Controls {...props} />
          </section>
        </div>
        <div className="mt-players">
          {ordered.map((p: any) => (
            <PlayerArea key={p.seat} view={view} p={p} players={players} seat={seat} />
          ))}
        </div>
      </div>
    </div>
  );
}
