/**
 * Puerto Rico's board, drawn from the seat's view: the supply (colonist ship and supply, VP chips,
 * quarries, the plantation offer, goods), the roles with their doubloons, the cargo ships and the
 * trading house, the buildings for sale, and each player's island, city, goods and doubloons (VP chips
 * only for the viewer: the view hides the others'). Moves are made by clicking what they act on (a role,
 * a plantation, a building, a ship); everything clickable comes from legalMoves, or from the Mayor's
 * family for an arrangement, so nothing illegal can be sent.
 */
import { useEffect, useMemo, useState } from 'react';
import type { BoardProps } from './types.js';
import { describeMove } from './generic.js';
import { isLegal } from './families.js';
import { ConfirmMove } from './confirm-move.js';
import { BUILDING_EFFECT, phasePrompt, priceFor } from './puerto-rico-help.js';

const GOODS = ['corn', 'indigo', 'sugar', 'tobacco', 'coffee'] as const;
type Good = (typeof GOODS)[number];
const TILE_COLOUR: Record<string, string> = { corn: '#f2d24b', indigo: '#3b5bb5', sugar: '#f4f1ea', tobacco: '#8c5a2b', coffee: '#3a2417', quarry: '#9a9a9a' };
const TILE_INK: Record<string, string> = { corn: '#222', indigo: '#fff', sugar: '#222', tobacco: '#fff', coffee: '#fff', quarry: '#111' };
const ROLE_NAME: Record<string, string> = { settler: 'Settler', mayor: 'Mayor', builder: 'Builder', craftsman: 'Craftsman', trader: 'Trader', captain: 'Captain', prospector: 'Prospector', prospector2: 'Prospector' };
const ROLE_HINT: Record<string, string> = {
  settler: 'take a plantation (privilege: a quarry)', mayor: 'colonists arrive (privilege: +1 colonist)', builder: 'build (privilege: -1 doubloon)',
  craftsman: 'produce goods (privilege: +1 good)', trader: 'sell a good (privilege: +1 doubloon)', captain: 'ship goods for VP (privilege: +1 VP)',
  prospector: '1 doubloon', prospector2: '1 doubloon',
};

/** The buildings (public rules data): cost, VP, colonist circles, kind; large ones fill two spaces. */
const BUILDINGS: Record<string, { name: string; cost: number; vp: number; circles: number; kind: 'production' | 'violet' | 'large'; good?: Good }> = {
  smallIndigoPlant: { name: 'Small Indigo Plant', cost: 1, vp: 1, circles: 1, kind: 'production', good: 'indigo' },
  smallSugarMill: { name: 'Small Sugar Mill', cost: 2, vp: 1, circles: 1, kind: 'production', good: 'sugar' },
  indigoPlant: { name: 'Indigo Plant', cost: 3, vp: 2, circles: 3, kind: 'production', good: 'indigo' },
  sugarMill: { name: 'Sugar Mill', cost: 4, vp: 2, circles: 3, kind: 'production', good: 'sugar' },
  tobaccoStorage: { name: 'Tobacco Storage', cost: 5, vp: 3, circles: 3, kind: 'production', good: 'tobacco' },
  coffeeRoaster: { name: 'Coffee Roaster', cost: 6, vp: 3, circles: 2, kind: 'production', good: 'coffee' },
  smallMarket: { name: 'Small Market', cost: 1, vp: 1, circles: 1, kind: 'violet' },
  hacienda: { name: 'Hacienda', cost: 2, vp: 1, circles: 1, kind: 'violet' },
  constructionHut: { name: 'Construction Hut', cost: 2, vp: 1, circles: 1, kind: 'violet' },
  smallWarehouse: { name: 'Small Warehouse', cost: 3, vp: 1, circles: 1, kind: 'violet' },
  hospice: { name: 'Hospice', cost: 4, vp: 2, circles: 1, kind: 'violet' },
  office: { name: 'Office', cost: 5, vp: 2, circles: 1, kind: 'violet' },
  largeMarket: { name: 'Large Market', cost: 5, vp: 2, circles: 1, kind: 'violet' },
  largeWarehouse: { name: 'Large Warehouse', cost: 6, vp: 2, circles: 1, kind: 'violet' },
  factory: { name: 'Factory', cost: 7, vp: 3, circles: 1, kind: 'violet' },
  university: { name: 'University', cost: 8, vp: 3, circles: 1, kind: 'violet' },
  harbor: { name: 'Harbor', cost: 8, vp: 3, circles: 1, kind: 'violet' },
  wharf: { name: 'Wharf', cost: 9, vp: 3, circles: 1, kind: 'violet' },
  guildHall: { name: 'Guild Hall', cost: 10, vp: 4, circles: 1, kind: 'large' },
  residence: { name: 'Residence', cost: 10, vp: 4, circles: 1, kind: 'large' },
  fortress: { name: 'Fortress', cost: 10, vp: 4, circles: 1, kind: 'large' },
  customsHouse: { name: 'Customs House', cost: 10, vp: 4, circles: 1, kind: 'large' },
  cityHall: { name: 'City Hall', cost: 10, vp: 4, circles: 1, kind: 'large' },
};
const bname = (b: string) => BUILDINGS[b]?.name ?? b;

function Good({ good, n }: { good: string; n?: number }) {
  return (
    <span className={`pr-good pr-${good}`} style={{ background: TILE_COLOUR[good], color: TILE_INK[good] }}>
      {n !== undefined ? `${n} ` : ''}{good}
    </span>
  );
}

/** Colonist circles: filled (occupied) and empty, with the count in words for screen readers. */
function Circles({ filled, total }: { filled: number; total: number }) {
  return (
    <span className="pr-circles" aria-label={`${filled} of ${total} colonists`} title={`${filled} of ${total} colonists`}>
      {Array.from({ length: total }, (_, i) => <span key={i} aria-hidden="true" className={i < filled ? 'pr-dot on' : 'pr-dot'}>{i < filled ? '●' : '○'}</span>)}
    </span>
  );
}

export function PuertoRicoBoard({ view, seat, players, legalMoves, families, onMove, busy }: BoardProps) {
  const name = (s: number) => players.find((p) => p.seat === s)?.name ?? `Seat ${s + 1}`;
  const moves = legalMoves as any[];
  const find = (pred: (m: any) => boolean) => moves.filter(pred);
  const [useHospice, setUseHospice] = useState(true);
  const [useUniversity, setUseUniversity] = useState(true);
  // The move among variants (with or without the Hospice / University) the toggles pick.
  const pick = (candidates: any[], flag: 'hospice' | 'university', wanted: boolean) => candidates.find((m) => m[flag] === wanted) ?? candidates[0];
  const act = (move: unknown) => { if (!busy && move) onMove(move); };
  // A role, a tile or a building clicked on the board is only chosen: the confirmation naming it sends it.
  const [chosen, setChosen] = useState<any>(null);
  useEffect(() => setChosen(null), [view]);
  const choose = (move: unknown) => { if (!busy && move) setChosen(move); };
  const hasVariants = (type: string, flag: 'hospice' | 'university') => moves.some((m) => m.type === type && m[flag] === true) && moves.some((m) => m.type === type && m[flag] === false);
  const me = seat === null ? undefined : view.players.find((p: any) => p.seat === seat);
  const phase = view.phase?.name as string;

  const order: any[] = seat === null ? view.players : [me, ...view.players.filter((p: any) => p.seat !== seat)].filter(Boolean);
  const shown = new Set(['chooseRole', 'takePlantation', 'takeQuarry', 'build', 'sell', 'load', 'arrange']);
  const otherMoves = moves.filter((m) => !shown.has(m.type));

  return (
    <div className="pr-board">
      <p className="pr-round">Round {view.round} · Governor: <strong>{name(view.governor)}</strong>
        {view.role ? <> · Role in play: <strong>{ROLE_NAME[view.role]}</strong> (chosen by {name(view.roleHolder)})</> : <> · choosing roles</>}
        {view.phase?.name === 'over' ? ' · Game over' : ''}
      </p>

      {seat !== null && moves.length > 0 ? (
        <p className="pr-prompt" data-testid="pr-prompt">{phasePrompt(phase, view.roleHolder === seat)}</p>
      ) : null}

      {chosen ? <ConfirmMove label={confirmLabel(chosen)} busy={busy} onSend={() => act(chosen)} onCancel={() => setChosen(null)} /> : null}

      {otherMoves.length > 0 ? (
        <section className="pr-controls" aria-label="Your choices">
          {otherMoves.map((m, i) => (
            <button key={i} type="button" disabled={busy} onClick={() => act(m)}>{labelOf(m)}</button>
          ))}
        </section>
      ) : null}

      {families.some((f: any) => f.type === 'arrange') || moves.some((m) => m.type === 'arrange') ? (
        <MayorArrange me={me} moves={moves.filter((m) => m.type === 'arrange')} families={families} busy={busy} onMove={act} />
      ) : null}

      <section className="pr-roles" aria-label="Roles">
        <h3>Roles</h3>
        <ul>
          {view.roles.map((r: any, i: number) => {
            const move = moves.find((m) => m.type === 'chooseRole' && m.role === r.card);
            const label = `${ROLE_NAME[r.card]}${r.doubloons > 0 ? `, ${r.doubloons} doubloon${r.doubloons > 1 ? 's' : ''} on it` : ''}${r.taken ? ', taken' : ''}`;
            return (
              <li key={i}>
                <button type="button" className={`pr-role${r.taken ? ' taken' : ''}${move ? ' playable' : ''}`} disabled={!move || busy}
                  onClick={() => choose(move)} aria-pressed={move ? chosen === move : undefined} aria-label={move ? `Choose the ${label}` : label} title={ROLE_HINT[r.card]}>
                  <span className="pr-role-name">{ROLE_NAME[r.card]}</span>
                  <span className="pr-role-hint">{ROLE_HINT[r.card]}</span>
                  <span className="pr-role-coins">{r.doubloons > 0 ? `◉ ${r.doubloons}` : '\u00a0'}</span>
                  <span className="pr-role-state">{r.taken ? 'taken' : move ? 'choose' : '\u00a0'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="pr-supply-row">
        <section className="pr-supply" aria-label="Supply">
          <h3>Supply</h3>
          <dl className="pr-facts">
            <div><dt>Colonist ship</dt><dd data-testid="pr-colonist-ship">{view.colonistShip}</dd></div>
            <div><dt>Colonists left</dt><dd>{view.colonistSupply}</dd></div>
            <div><dt>VP chips left</dt><dd>{view.vpSupply}</dd></div>
            <div><dt>Plantations face down</dt><dd>{view.stackSize}</dd></div>
          </dl>
          <div className="pr-goods-supply" aria-label="Goods in the supply">
            {GOODS.map((g) => <Good key={g} good={g} n={view.goodsSupply[g]} />)}
          </div>
        </section>

        <section className="pr-offer" aria-label="Plantation offer">
          <h3>Plantations</h3>
          {hasVariants('takePlantation', 'hospice') ? (
            <label className="check"><input type="checkbox" checked={useHospice} onChange={(e) => setUseHospice(e.target.checked)} /> use the Hospice (a colonist with the tile)</label>
          ) : null}
          <ul className="pr-tiles">
            {view.faceUp.map((t: string, i: number) => {
              const move = pick(find((m) => m.type === 'takePlantation' && m.plantation === t), 'hospice', useHospice);
              return (
                <li key={i}>
                  <button type="button" className={`pr-tile${move ? ' playable' : ''}`} style={{ background: TILE_COLOUR[t], color: TILE_INK[t] }}
                    disabled={!move || busy} onClick={() => choose(move)} aria-label={move ? `Take a ${t} plantation` : `${t} plantation`}>{t}</button>
                </li>
              );
            })}
            <li>
              {(() => {
                const move = pick(find((m) => m.type === 'takeQuarry'), 'hospice', useHospice);
                return (
                  <button type="button" className={`pr-tile${move ? ' playable' : ''}`} style={{ background: TILE_COLOUR.quarry }} disabled={!move || busy}
                    onClick={() => choose(move)} aria-label={move ? `Take a quarry (${view.quarries} left)` : `Quarries: ${view.quarries} left`}>quarry ×{view.quarries}</button>
                );
              })()}
            </li>
          </ul>
          {view.discard.length > 0 ? <p className="hint">Discarded: {view.discard.join(', ')}</p> : null}
        </section>

        <section className="pr-ships" aria-label="Cargo ships and trading house">
          <h3>Cargo ships</h3>
          <ul>
            {view.ships.map((ship: any, i: number) => {
              const loads = find((m) => m.type === 'load' && m.ship === i);
              return (
                <li key={i} className="pr-ship">
                  <span className="pr-ship-label">{ship.capacity}-barrel ship: {ship.good ? `${ship.load} ${ship.good}` : 'empty'}</span>
                  <span className="pr-barrels" aria-hidden="true">
                    {Array.from({ length: ship.capacity }, (_, k) => <span key={k} className="pr-barrel" style={k < ship.load ? { background: TILE_COLOUR[ship.good], color: TILE_INK[ship.good] } : undefined}>{k < ship.load ? ship.good[0].toUpperCase() : ''}</span>)}
                  </span>
                  {loads.map((m: any, k: number) => <button key={k} type="button" disabled={busy} onClick={() => act(m)}>Load {m.good} here</button>)}
                </li>
              );
            })}
          </ul>
          <h3>Trading house</h3>
          <div className="pr-trading">
            {Array.from({ length: 4 }, (_, k) => view.tradingHouse[k] ? <Good key={k} good={view.tradingHouse[k]} /> : <span key={k} className="pr-slot">empty</span>)}
          </div>
          <div className="pr-sell">
            {find((m) => m.type === 'sell').map((m: any, k: number) => <button key={k} type="button" disabled={busy} onClick={() => act(m)}>Sell {m.good}</button>)}
          </div>
        </section>
      </div>

      <Market view={view} seat={seat} moves={find((m) => m.type === 'build')} pick={(c) => pick(c, 'university', useUniversity)} busy={busy} act={choose}
        universityToggle={hasVariants('build', 'university') ? <label className="check"><input type="checkbox" checked={useUniversity} onChange={(e) => setUseUniversity(e.target.checked)} /> use the University (a colonist with the building)</label> : null} />

      <div className="pr-players">
        {order.map((p: any) => (
          <PlayerMat key={p.seat} p={p} name={name(p.seat)} mine={p.seat === seat} governor={view.governor === p.seat} toMove={view.toMove.includes(p.seat)} phase={phase} />
        ))}
      </div>
    </div>
  );
}

/** The confirmation's words for a move chosen on the board. */
function confirmLabel(m: any): string {
  const extras = `${m.hospice ? ', with a colonist from the Hospice' : ''}${m.university ? ', with a colonist from the University' : ''}`;
  switch (m.type) {
    case 'chooseRole': return `Choose the ${ROLE_NAME[m.role] ?? m.role}`;
    case 'takePlantation': return `Take the ${m.plantation} plantation${extras}`;
    case 'takeQuarry': return `Take a quarry${extras}`;
    case 'build': return `Build the ${BUILDINGS[m.building]?.name ?? m.building}${extras}`;
    default: return labelOf(m);
  }
}

function labelOf(m: any): string {
  switch (m.type) {
    case 'pass': return 'Pass';
    case 'produce': return 'Produce goods';
    case 'useHacienda': return 'Draw a plantation with the Hacienda';
    case 'mayorPrivilege': return m.accept ? 'Take the extra colonist' : 'Decline the extra colonist';
    case 'craftsmanBonus': return `Take 1 extra ${m.good}`;
    case 'wharf': return `Ship all ${m.good} with the Wharf`;
    case 'store': return `Keep ${[...(m.warehouse ?? []).map((g: string) => `all ${g} (warehouse)`), ...(m.barrel ? [`1 ${m.barrel}`] : [])].join(', ') || 'nothing'}`;
    default: return describeMove(m);
  }
}

function Market({ view, seat, moves, pick, busy, act, universityToggle }: { view: any; seat: number | null; moves: any[]; pick: (c: any[]) => any; busy: boolean; act: (m: unknown) => void; universityToggle: JSX.Element | null }) {
  const names = Object.keys(BUILDINGS);
  return (
    <section className="pr-market" aria-label="Buildings for sale">
      <h3>Buildings</h3>
      {universityToggle}
      <ul>
        {names.map((b) => {
          const info = BUILDINGS[b]!;
          const left = view.buildingSupply[b] ?? 0;
          const move = pick(moves.filter((m) => m.building === b));
          const price = priceFor(view, seat, b, info);
          const cost = price === null ? `cost ${info.cost}` : `you pay ${price}`;
          return (
            <li key={b}>
              <button type="button" className={`pr-building ${info.kind}${move ? ' playable' : ''}`} disabled={!move || busy} onClick={() => act(move)}
                aria-label={`${move ? 'Build ' : ''}${info.name}: ${cost}, ${info.vp} VP, ${left} left. ${BUILDING_EFFECT[b] ?? ''}`}>
                <span className="pr-b-name">{info.name}</span>
                <span className="pr-b-meta">{cost} · {info.vp} VP · {left} left</span>
                <span className="pr-b-effect">{BUILDING_EFFECT[b]}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PlayerMat({ p, name, mine, governor, toMove, phase }: { p: any; name: string; mine: boolean; governor: boolean; toMove: boolean; phase: string }) {
  const island = [...p.island, ...Array.from({ length: Math.max(0, 12 - p.island.length) }, () => null)];
  let spaces = 0;
  for (const c of p.city) spaces += BUILDINGS[c.building]?.kind === 'large' ? 2 : 1;
  return (
    <section className={`pr-player${mine ? ' mine' : ''}${toMove ? ' to-move' : ''}`} aria-label={`${name}${mine ? ' (you)' : ''}`} data-testid={`pr-player-${p.seat}`}>
      <h3>
        {name}{mine ? ' (you)' : ''}{governor ? ' · Governor' : ''}{toMove && phase !== 'over' ? ' · to move' : ''}
      </h3>
      <dl className="pr-facts">
        <div><dt>Doubloons</dt><dd>{p.doubloons}</dd></div>
        {p.vp !== undefined ? <div><dt>VP chips</dt><dd data-testid="pr-vp">{p.vp}</dd></div> : <div><dt>VP chips</dt><dd className="hint">hidden</dd></div>}
        <div><dt>In San Juan</dt><dd>{p.sanJuan} colonist{p.sanJuan === 1 ? '' : 's'}</dd></div>
      </dl>
      <div className="pr-goods" aria-label="Goods">
        {GOODS.filter((g) => p.goods[g] > 0).map((g) => <Good key={g} good={g} n={p.goods[g]} />)}
        {GOODS.every((g) => p.goods[g] === 0) ? <span className="hint">no goods</span> : null}
      </div>
      <div className="pr-mat">
        <div>
          <h4>Island ({p.island.length}/12)</h4>
          <ul className="pr-island">
            {island.map((t: any, i: number) => t ? (
              <li key={i} className="pr-itile" style={{ background: TILE_COLOUR[t.tile], color: TILE_INK[t.tile] }} aria-label={`${t.tile}${t.occupied ? ', worked' : ', empty'}`}>
                <span>{t.tile}</span><span aria-hidden="true" className="pr-dot">{t.occupied ? '●' : '○'}</span>
              </li>
            ) : <li key={i} className="pr-itile blank" aria-hidden="true" />)}
          </ul>
        </div>
        <div>
          <h4>City ({spaces}/12)</h4>
          <ul className="pr-city">
            {p.city.map((c: any, i: number) => {
              const info = BUILDINGS[c.building];
              return (
                <li key={i} className={`pr-cbuilding ${info?.kind ?? ''}`}>
                  <span>{bname(c.building)}</span>
                  <Circles filled={c.colonists} total={info?.circles ?? 1} />
                </li>
              );
            })}
            {p.city.length === 0 ? <li className="hint">no buildings</li> : null}
          </ul>
        </div>
      </div>
    </section>
  );
}

/**
 * The Mayor: steppers for each plantation kind and building, checked against the family (the counts must
 * add up to min(colonists, circles)); the engine's suggested arrangements fill the steppers. Either way the
 * placement goes only with "Place these colonists": every move that ends the turn is confirmed the same way.
 */
function MayorArrange({ me, moves, families, busy, onMove }: { me: any; moves: any[]; families: any[]; busy: boolean; onMove: (m: unknown) => void }) {
  const family = families.find((f: any) => f.type === 'arrange');
  const fields: [string, any][] = family ? Object.entries(family.fields) : [];
  const initial = useMemo(() => {
    const counts: Record<string, number> = {};
    const first = moves[0];
    for (const [path] of fields) {
      const [group, key] = path.split('.') as [string, string];
      counts[path] = first?.[group]?.[key] ?? 0;
    }
    return counts;
  }, [family, moves]); // eslint-disable-line react-hooks/exhaustive-deps
  const [counts, setCounts] = useState(initial);
  /** The suggestion picked, when there are no steppers to show it in (no family for this placement). */
  const [picked, setPicked] = useState<any>(null);
  useEffect(() => {
    setCounts(initial);
    setPicked(null);
  }, [initial]);
  const composed = { type: 'arrange', plantations: {} as Record<string, number>, buildings: {} as Record<string, number> };
  for (const [path, n] of Object.entries(counts)) {
    const [group, key] = path.split('.') as ['plantations' | 'buildings', string];
    if (n > 0) composed[group][key] = n;
  }
  const move = fields.length > 0 ? composed : picked;
  const ok = move !== null && isLegal(move, moves, families);
  const pick = (m: any) => {
    const next: Record<string, number> = {};
    for (const [path] of fields) {
      const [group, key] = path.split('.') as [string, string];
      next[path] = m?.[group]?.[key] ?? 0;
    }
    setCounts(next);
    setPicked(m);
  };
  const shows = (m: any) => (fields.length > 0 ? arrangementText(m) === arrangementText(composed) : picked === m);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const target = family?.constraints?.[0]?.equals;
  return (
    <section className="pr-mayor card" aria-label="Place your colonists">
      <h3>Place your colonists{me ? ` (${me.sanJuan} in San Juan)` : ''}</h3>
      {moves.length > 0 ? (
        <div className="pr-suggestions" aria-label="Suggested placements (they fill in the counts below; nothing is sent yet)">
          <span className="hint">Suggestions:</span>
          {moves.map((m, i) => (
            <button key={i} type="button" disabled={busy} className="secondary" aria-pressed={shows(m)} onClick={() => pick(m)} aria-label={`Suggested: ${arrangementText(m)}`}>{arrangementText(m)}</button>
          ))}
        </div>
      ) : null}
      {fields.length > 0 ? (
        <>
          <ul className="pr-steppers">
            {fields.map(([path, domain]) => {
              const [group, key] = path.split('.') as [string, string];
              const label = group === 'plantations' ? `${key} plantations` : bname(key);
              const n = counts[path] ?? 0;
              const max = domain.integer?.max ?? 0;
              return (
                <li key={path}>
                  <span id={`pr-st-${path}`}>{label}</span>
                  <button type="button" className="secondary" disabled={busy || n <= 0} aria-label={`One colonist fewer on ${label}`} onClick={() => setCounts({ ...counts, [path]: n - 1 })}>−</button>
                  <output aria-labelledby={`pr-st-${path}`}>{n}</output>
                  <button type="button" className="secondary" disabled={busy || n >= max} aria-label={`One colonist more on ${label}`} onClick={() => setCounts({ ...counts, [path]: n + 1 })}>+</button>
                  <span className="hint">of {max}</span>
                </li>
              );
            })}
          </ul>
          <p>{total} placed{target !== undefined ? ` of ${target} to place` : ''}.</p>
        </>
      ) : null}
      {moves.length > 0 || fields.length > 0 ? (
        <button type="button" className="pr-confirm" disabled={busy || !ok} onClick={() => onMove(move)}>Place these colonists{ok && move ? `: ${arrangementText(move)}` : ''}</button>
      ) : null}
    </section>
  );
}

function arrangementText(m: any): string {
  const parts = [
    ...Object.entries(m.plantations ?? {}).filter(([, n]) => (n as number) > 0).map(([k, n]) => `${n} on ${k}`),
    ...Object.entries(m.buildings ?? {}).filter(([, n]) => (n as number) > 0).map(([k, n]) => `${n} in ${bname(k)}`),
  ];
  return parts.length > 0 ? parts.join(', ') : 'none';
}

