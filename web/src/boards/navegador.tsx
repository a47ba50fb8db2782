/**
 * Navegador's board, drawn from the view (the same for every seat: nothing is hidden but the face-down
 * colony tokens, shown only as counts): the map of sea regions with each player's ships and the colonies
 * still to found, the rondel with the players' stones, the market, the privilege gallery and each
 * player's sheet. A rondel field is chosen by clicking it (default payment); the other actions are
 * controls built from legalMoves (sails the engine suggests, colonies, buildings, market sales...). The
 * move families add the rest: paying a field with ships of one's choice, and sailing routes of one's
 * own, from controls built from each family's fields; a composed move is sent only when it is a member.
 * The board data below (region names, borders, prices) is the printed edition's, for display only.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { BoardProps } from './types.js';
import { describeMove } from './generic.js';
import { inFamily } from './families.js';
import { ConfirmMove } from './confirm-move.js';

const REGIONS = ['Portugal', 'Guiné', 'Bahia', 'Rio de Janeiro', 'Angola', 'Cabo da Boa Esperança', 'Moçambique', 'Goa', 'Ceilão', 'Malaca', 'Timor', 'Macau', 'Nagasaki'];
const SHORT = ['Portugal', 'Guiné', 'Bahia', 'Rio', 'Angola', 'Cabo', 'Moçambique', 'Goa', 'Ceilão', 'Malaca', 'Timor', 'Macau', 'Nagasaki'];
const EDGES: [number, number][] = [[0, 1], [0, 2], [1, 2], [1, 4], [2, 3], [3, 4], [4, 5], [3, 5], [5, 6], [6, 7], [6, 8], [7, 8], [8, 9], [9, 10], [9, 11], [10, 11], [11, 12]];
const POS: [number, number][] = [[95, 55], [190, 120], [60, 160], [85, 275], [215, 230], [290, 300], [375, 235], [400, 110], [480, 175], [560, 215], [640, 295], [620, 110], [700, 45]];
const REGION_GOOD = [null, 'gold', 'sugar', 'sugar', 'gold', 'gold', 'gold', 'spice', 'spice', 'spice', 'spice', 'spice', 'spice'];
const RONDEL = ['Sailing', 'Workers', 'Market', 'Colony', 'Privilege', 'Ships', 'Market', 'Buildings'];
const GOODS = ['sugar', 'gold', 'spice'];
const PRICES: Record<string, number[]> = { sugar: [60, 60, 50, 50, 40, 40, 30, 30, 20, 20], gold: [70, 70, 60, 60, 50, 50, 40, 40, 30, 30], spice: [80, 80, 70, 70, 60, 60, 50, 50, 40, 40] };
const PROCESS = [20, 20, 30, 30, 40, 40, 50, 50, 60, 60];
const COLUMNS = ['colony', 'factory', 'explorer', 'shipyard', 'church'];
const BUILDING_NAMES = ['sugar factory', 'gold factory', 'spice factory', 'shipyard', 'church'];
const SEAT_COLOUR = ['#c0392b', '#2e86c1', '#27ae60', '#8e44ad', '#d4ac0d'];
const SEAT_MARK = ['●', '■', '▲', '◆', '★'];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** An SVG element that acts as a button: focusable, Enter/Space, with its label. */
function svgButton(label: string, enabled: boolean, onPress: () => void) {
  if (!enabled) return { 'aria-label': label } as const;
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: onPress,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onPress();
      }
    },
    className: 'nv-clickable',
  } as const;
}

function sailText(m: any): string {
  const verb = m.type === 'navegador' ? 'Navegador: sail' : 'Sail';
  return `${verb} ${m.paths.map((p: any) => `${plural(p.count, 'ship')} ${p.path.map((r: number) => SHORT[r]).join(' → ')}`).join('; ')}`;
}

function counts(o: Record<string, number> | undefined, names: Record<string, string> = {}): string {
  return Object.entries(o ?? {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${names[k] ?? k}`).join(', ');
}

export function moveLabel(m: any): string {
  switch (m.type) {
    case 'rondel': return `Move to ${RONDEL[m.field]} (field ${m.field + 1})${m.pay?.length ? `, paying ships from ${m.pay.map((r: number) => SHORT[r]).join(', ')}` : ''}`;
    case 'sail': case 'navegador': return m.paths.length === 0 ? 'Do not sail' : sailText(m);
    case 'recruit': return m.count === 0 ? 'Recruit no workers' : `Recruit ${plural(m.count, 'worker')}`;
    case 'buildShips': return m.count === 0 ? 'Build no ships' : `Build ${plural(m.count, 'ship')}`;
    case 'found': return `Found ${m.regions.length === 1 ? 'a colony' : 'colonies'} in ${m.regions.map((r: number) => REGIONS[r]).join(', ')}`;
    case 'build': return `Build ${counts(m.pieces, { sugarFactory: 'sugar factory', goldFactory: 'gold factory', spiceFactory: 'spice factory' }) || 'nothing'}`;
    case 'market': {
      const sell = counts(m.sell);
      const process = counts(m.process);
      return [sell ? `sell ${sell}` : '', process ? `process ${process}` : ''].filter(Boolean).join(' and ').replace(/^./, (c) => c.toUpperCase()) || 'Trade nothing';
    }
    case 'privilege': return `Take a ${m.column} privilege`;
    case 'skip': return 'Skip this action';
    default: return describeMove(m);
  }
}

/** The region a sailing family explores (at least L+1 ships end there), or null for sailing without exploring. */
function exploreTarget(family: any): number | null {
  const bag = family.fields.paths.bag;
  const end = bag.atLeast?.[0]?.items?.[0];
  return end === undefined ? null : (bag.items[end].path.at(-1) as number);
}

const routeText = (path: number[]) => path.map((r) => SHORT[r]).join(' → ');

/**
 * Choose the ships that pay for a rondel field: one count per region from the family's bag (at most the
 * ships there); the button sends the move only when the family holds it. Nothing is chosen at first: a
 * field far away is the player's choice, made on the rondel or here, never one the form made for them.
 */
function PayChooser({ families, act, busy }: { families: any[]; act: (m: unknown) => void; busy: boolean }) {
  const [index, setIndex] = useState<number | null>(null);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const picker = (
    <label>Field <select value={index ?? ''} onChange={(e) => { setIndex(e.target.value === '' ? null : Number(e.target.value)); setCounts({}); }} aria-label="Field to pay for">
      <option value="">Choose a field…</option>
      {families.map((f, i) => <option key={i} value={i}>{RONDEL[f.fixed.field]} (field {f.fixed.field + 1}), {plural(f.fields.pay.bag.size.min, 'ship')}</option>)}
    </select></label>
  );
  if (index === null) {
    return (
      <fieldset className="nv-custom nv-custom-pay">
        <legend>Pay with ships of your choice (optional)</legend>
        <p className="hint">Only for a field more than three ahead, and only if you would rather not pay from the regions with the most ships.</p>
        {picker}
      </fieldset>
    );
  }
  const family = families[Math.min(index, families.length - 1)];
  const bag = family.fields.pay.bag;
  const cost = bag.size.min as number;
  const pay = (bag.items as number[]).flatMap((r, i) => Array.from({ length: counts[i] ?? 0 }, () => r));
  const move = { type: 'rondel', field: family.fixed.field, pay };
  const legal = inFamily(family, move);
  return (
    <fieldset className="nv-custom nv-custom-pay" data-cost={cost}>
      <legend>Pay with ships of your choice (optional)</legend>
      {picker}
      {(bag.items as number[]).map((r, i) => (
        <label key={`${family.fixed.field}-${r}`}>Ships from {REGIONS[r]}
          <input type="number" min={0} max={bag.limits?.[i]?.max ?? cost} value={counts[i] ?? 0} onChange={(e) => setCounts({ ...counts, [i]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
        </label>
      ))}
      <button type="button" disabled={busy || !legal} onClick={() => legal && act(move)}>
        {legal ? moveLabel(move) : `Choose ${plural(cost, 'ship')} to pay`}
      </button>
    </fieldset>
  );
}

/**
 * Choose a sailing plan (without exploring, or exploring one region) and a count of ships per route, from
 * the family's bag of routes; the button sends the move only when the family holds it.
 */
function SailChooser({ families, act, busy }: { families: any[]; act: (m: unknown) => void; busy: boolean }) {
  const [index, setIndex] = useState(0);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const family = families[Math.min(index, families.length - 1)];
  const bag = family.fields.paths.bag;
  const paths = (bag.items as { path: number[] }[]).flatMap((item, i) => ((counts[i] ?? 0) > 0 ? [{ path: item.path, count: counts[i]! }] : []));
  const move = { type: family.type, paths };
  const legal = paths.length > 0 && inFamily(family, move);
  const limitOf = (i: number) => (bag.limits as { items: number[]; max: number }[]).find((l) => l.items.includes(i))?.max ?? 1;
  const planText = (f: any) => {
    const target = exploreTarget(f);
    return `${f.type === 'navegador' ? 'Navegador card: ' : ''}${target === null ? 'sail without exploring' : `explore ${REGIONS[target]}`}`;
  };
  return (
    <fieldset className="nv-custom nv-custom-sail" data-need={bag.atLeast?.[0]?.min ?? 0}>
      <legend>Sail routes of your choice</legend>
      <label>Plan <select value={index} onChange={(e) => { setIndex(Number(e.target.value)); setCounts({}); }} aria-label="Sailing plan">
        {families.map((f, i) => <option key={i} value={i}>{planText(f)}</option>)}
      </select></label>
      {exploreTarget(family) !== null ? <p className="hint">At least {family.fields.paths.bag.atLeast[0].min} ships must end in {REGIONS[exploreTarget(family)!]}.</p> : null}
      <div className="nv-routes">
        {(bag.items as { path: number[] }[]).map((item, i) => (
          <label key={`${index}-${i}`}>{routeText(item.path)}
            <input type="number" min={0} max={limitOf(i)} value={counts[i] ?? 0} aria-label={`Ships sailing ${routeText(item.path)}`} data-explores={(bag.atLeast?.[0]?.items as number[] | undefined)?.includes(i) ? 'true' : undefined} onChange={(e) => setCounts({ ...counts, [i]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })} />
          </label>
        ))}
      </div>
      <button type="button" disabled={busy || !legal} onClick={() => legal && act(move)}>
        {legal ? moveLabel(move) : 'Choose ships for the routes'}
      </button>
    </fieldset>
  );
}

/** What the player to move should do now, in one or two sentences: shown before any form. */
function instruction(view: any, current: number): string {
  if (view.step === 'start') {
    return 'Your turn: click a field on the rondel to move your stone there. Up to three fields ahead is free; '
      + 'each field beyond costs one ship, taken from your regions with the most ships unless you choose them below.';
  }
  const field = RONDEL[view.players[current].field] ?? '';
  if (field === 'Privilege') return 'Your Privilege action: click a highlighted privilege in the gallery below, or skip it.';
  return `Your ${field} action: choose one of the buttons below${field === 'Sailing' ? ', or sail routes of your own' : ''}.`;
}

export function NavegadorBoard({ view, seat, players, legalMoves, families, onMove, busy }: BoardProps) {
  const name = (s: number) => players.find((p) => p.seat === s)?.name ?? `Seat ${s + 1}`;
  const moves = legalMoves as any[];
  const act = (m: unknown) => { if (!busy && m) onMove(m); };
  // A rondel field or a privilege clicked on the board is only chosen: the confirmation naming it sends it.
  const [chosen, setChosen] = useState<any>(null);
  useEffect(() => setChosen(null), [view]);
  const choose = (m: unknown) => { if (!busy && m) setChosen(m); };
  const rondelMoves = moves.filter((m) => m.type === 'rondel');
  const privilegeMoves = moves.filter((m) => m.type === 'privilege');
  const controls = moves.filter((m) => m.type !== 'rondel' && m.type !== 'privilege');
  const current = view.current as number;
  const payFamilies = (families as any[]).filter((f) => f.type === 'rondel' && f.fields?.pay?.bag);
  const sailFamilies = (families as any[]).filter((f) => (f.type === 'sail' || f.type === 'navegador') && f.fields?.paths?.bag);
  const mine = seat === current && (moves.length > 0 || families.length > 0) && !busy;
  // A new turn or step starts the choosers afresh.
  const turnKey = `${view.phase}-${view.turn}-${view.step}-${current}`;

  return (
    <div className="nv-board">
      <p className="nv-status">
        Phase {view.phase} · turn {view.turn + 1} · <strong>{name(current)}</strong> {view.step === 'start' ? 'moves on the rondel' : `takes the ${RONDEL[view.players[current].field] ?? ''} action`}
        {view.end ? ` · the end is near (${view.end.trigger === 'nagasaki' ? 'Nagasaki explored' : 'buildings'}; ${plural(view.turnsLeft ?? 0, 'turn')} left)` : ''}
      </p>

      {mine ? <p className="nv-instruction" role="status" data-testid="nv-instruction">{instruction(view, current)}</p> : null}
      {chosen ? <ConfirmMove label={moveLabel(chosen)} busy={busy} onSend={() => act(chosen)} onCancel={() => setChosen(null)} /> : null}

      {controls.length > 0 ? (
        <section className="nv-controls" aria-label="Your choices">
          {controls.map((m, i) => <button key={i} type="button" disabled={busy} onClick={() => act(m)}>{moveLabel(m)}</button>)}
        </section>
      ) : null}

      {payFamilies.length > 0 || sailFamilies.length > 0 ? (
        <section className="nv-choosers" aria-label="Your own choice">
          {payFamilies.length > 0 ? <PayChooser key={`pay-${turnKey}`} families={payFamilies} act={act} busy={busy} /> : null}
          {sailFamilies.length > 0 ? <SailChooser key={`sail-${turnKey}`} families={sailFamilies} act={act} busy={busy} /> : null}
        </section>
      ) : null}

      <div className="nv-top">
        <section className="nv-map" aria-label="Map">
          <h3>The seas</h3>
          <svg viewBox="0 0 760 350" role="group" aria-label="Sea regions">
            <rect x="0" y="0" width="760" height="350" rx="10" fill="#cfe6f2" />
            {EDGES.map(([a, b], i) => <line key={i} x1={POS[a]![0]} y1={POS[a]![1]} x2={POS[b]![0]} y2={POS[b]![1]} stroke="#6d9bb5" strokeWidth="3" strokeDasharray="6 4" />)}
            {view.regions.map((r: any, i: number) => {
              const [x, y] = POS[i]!;
              const here = view.players.map((p: any, s: number) => ({ s, n: p.ships[i] as number })).filter((x: any) => x.n > 0);
              const good = REGION_GOOD[i];
              const label = `${REGIONS[i]}: ${i === 0 ? 'home port' : r.explored ? `explored, colonies to found: ${r.faceUp.length > 0 ? `${good} worth ${r.faceUp.join(', ')}` : 'none'}${r.hiddenCount ? `, ${r.hiddenCount} face down` : ''}` : `unexplored (${good})`}; ships: ${here.length ? here.map((h: any) => `${name(h.s)} ${h.n}`).join(', ') : 'none'}`;
              return (
                <g key={i} aria-label={label} role="img" data-testid={`nv-region-${i}`}>
                  <title>{label}</title>
                  <circle cx={x} cy={y} r="40" fill={i === 0 ? '#f2e6c9' : r.explored ? '#fffaf0' : '#dfe9ee'} stroke={r.explored || i === 0 ? '#33566b' : '#7c8f99'} strokeWidth="2" strokeDasharray={r.explored || i === 0 ? undefined : '5 4'} />
                  {/* Every label fits its circle (80 units across): long names smaller, the rest on two lines. */}
                  <text x={x} y={y - 24} textAnchor="middle" className="nv-region-name" style={SHORT[i]!.length > 8 ? { fontSize: 11 } : undefined}>{SHORT[i]}</text>
                  {i === 0 ? null : r.explored ? (
                    <>
                      <text x={x} y={y - 9} textAnchor="middle" className="nv-small">{r.faceUp.length ? `${good} ${r.faceUp.join('/')}` : 'no colony'}</text>
                      {r.hiddenCount ? <text x={x} y={y + 33} textAnchor="middle" className="nv-small">+{r.hiddenCount} ?</text> : null}
                    </>
                  ) : (
                    <>
                      <text x={x} y={y - 9} textAnchor="middle" className="nv-small">unexplored</text>
                      <text x={x} y={y + 33} textAnchor="middle" className="nv-small">{good}</text>
                    </>
                  )}
                  {here.map((h: any, k: number) => (
                    <g key={h.s}>
                      <rect x={x - 34 + k * 23} y={y + 2} width="21" height="18" rx="3" fill={SEAT_COLOUR[h.s]} />
                      <text x={x - 23.5 + k * 23} y={y + 15} textAnchor="middle" className="nv-ship-text">{SEAT_MARK[h.s]}{h.n}</text>
                    </g>
                  ))}
                </g>
              );
            })}
          </svg>
          <p className="hint nv-legend">Circles are sea regions; dashed ones are unexplored (with the good their colonies produce). An explored region shows its good and the values of the colonies still to found there; “+2 ?” are colony tiles still face down. Coloured boxes are ships: the player's mark and how many.</p>
        </section>

        <section className="nv-rondel" aria-label="Rondel">
          <h3>Rondel</h3>
          <svg viewBox="0 0 300 300" role="group" aria-label="Rondel fields">
            {RONDEL.map((field, f) => {
              const a0 = ((f - 0.5) / 8) * 2 * Math.PI - Math.PI / 2;
              const a1 = ((f + 0.5) / 8) * 2 * Math.PI - Math.PI / 2;
              const am = (f / 8) * 2 * Math.PI - Math.PI / 2;
              const R = 140, r = 60;
              const pt = (rad: number, a: number) => `${150 + rad * Math.cos(a)},${150 + rad * Math.sin(a)}`;
              const move = rondelMoves.find((m) => m.field === f);
              const stones = view.players.map((p: any, s: number) => ({ s, f: p.field })).filter((x: any) => x.f === f);
              const label = `${field} (field ${f + 1})${view.navegador.orangeField === f ? ', the Navegador\'s orange ship' : ''}${stones.length ? `, stones: ${stones.map((x: any) => name(x.s)).join(', ')}` : ''}${move ? ` — move here${move.pay?.length ? `, paying ${plural(move.pay.length, 'ship')}` : ''}` : ''}`;
              return (
                <g key={f} {...svgButton(move ? `Move to ${field} (field ${f + 1})` : label, Boolean(move) && !busy, () => choose(move))} data-testid={`nv-field-${f}`}>
                  <title>{label}</title>
                  <polygon points={`${pt(r, a0)} ${pt(R, a0)} ${pt(R, a1)} ${pt(r, a1)}`} fill={move ? '#fff3c4' : f % 2 ? '#e9dcc0' : '#f3e9d2'} stroke={move ? '#b5452b' : '#8c7a55'} strokeWidth={move ? 3 : 1} />
                  <text x={150 + 116 * Math.cos(am)} y={150 + 116 * Math.sin(am) + 4} textAnchor="middle" className="nv-field-name">{field}</text>
                  {stones.map((x: any, k: number) => (
                    <g key={x.s}>
                      <circle cx={150 + 80 * Math.cos(am) + (k - (stones.length - 1) / 2) * 16} cy={150 + 80 * Math.sin(am)} r="8" fill={SEAT_COLOUR[x.s]} stroke="#222" />
                      <text x={150 + 80 * Math.cos(am) + (k - (stones.length - 1) / 2) * 16} y={150 + 80 * Math.sin(am) + 4} textAnchor="middle" className="nv-stone-text">{SEAT_MARK[x.s]}</text>
                    </g>
                  ))}
                  {view.navegador.orangeField === f ? (
                    <g aria-hidden="true">
                      <circle cx={150 + 98 * Math.cos(am - 0.25)} cy={150 + 98 * Math.sin(am - 0.25)} r="7" fill="#f39c12" stroke="#222" />
                      <text x={150 + 98 * Math.cos(am - 0.25)} y={150 + 98 * Math.sin(am - 0.25) + 3.5} textAnchor="middle" className="nv-stone-text">N</text>
                    </g>
                  ) : null}
                </g>
              );
            })}
            <circle cx="150" cy="150" r="55" fill="#fffaf0" stroke="#8c7a55" />
            <text x="150" y="146" textAnchor="middle" className="nv-small">Navegador:</text>
            <text x="150" y="162" textAnchor="middle" className="nv-small">{name(view.navegador.holder)}</text>
            <text x="150" y="178" textAnchor="middle" className="nv-small">(orange N)</text>
          </svg>
          {rondelMoves.length > 0 ? <p className="hint">Click a highlighted field to move there (ships are paid from the regions holding the most).</p> : null}
        </section>
      </div>

      <div className="nv-mid">
        <section className="nv-market" aria-label="Market">
          <h3>Market</h3>
          <p className="hint">Price per good by row; ◆ marks the current price. Processing pays the same for every good.</p>
          <table>
            <thead><tr><th scope="col">Row</th>{GOODS.map((g) => <th key={g} scope="col">{g}</th>)}<th scope="col">processing</th></tr></thead>
            <tbody>
              {PROCESS.map((p, row) => (
                <tr key={row}>
                  <th scope="row">{row + 1}</th>
                  {GOODS.map((g, gi) => {
                    const here = view.market[gi] === row + 1;
                    return <td key={g} className={here ? 'nv-cube' : undefined} aria-label={here ? `${g}: ${PRICES[g]![row]}, current price` : undefined}>{PRICES[g]![row]}{here ? ' ◆' : ''}</td>;
                  })}
                  <td>{p}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="nv-privileges" aria-label="Privileges">
          <h3>Privileges</h3>
          <ul>
            {COLUMNS.map((c, i) => {
              const move = privilegeMoves.find((m) => m.column === c);
              return (
                <li key={c}>
                  <button type="button" className={`nv-priv${move ? ' playable' : ''}`} disabled={!move || busy} onClick={() => choose(move)}
                    aria-label={`${move ? 'Take a ' : ''}${c} privilege: ${view.gallery[i]} in the gallery, ${view.box[i]} in the box`}>
                    <strong>{c}</strong> <span>{view.gallery[i]} in gallery · {view.box[i]} in box</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="hint">Buildings taken: {BUILDING_NAMES.map((b, i) => `${b} ${view.chartTaken[i]}`).join(', ')}</p>
        </section>
      </div>

      <div className="nv-sheets">
        {view.players.map((p: any, s: number) => (
          <section key={s} className={`nv-sheet${s === seat ? ' mine' : ''}${s === current ? ' to-move' : ''}`} aria-label={`${name(s)}'s sheet`} data-testid={`nv-sheet-${s}`}>
            <h3><span style={{ color: SEAT_COLOUR[s] }} aria-hidden="true">{SEAT_MARK[s]}</span> {name(s)}{s === seat ? ' (you)' : ''}{s === current ? ' · to move' : ''}{view.navegador.holder === s ? ' · Navegador' : ''}</h3>
            <dl className="pr-facts">
              <div><dt>Cash</dt><dd>{p.cash} Cr</dd></div>
              <div><dt>Workers</dt><dd>{p.workers}</dd></div>
              <div><dt>Ships in supply</dt><dd>{p.supply}</dd></div>
              <div><dt>Ships at sea</dt><dd>{p.ships.reduce((a: number, b: number) => a + b, 0)}</dd></div>
              <div><dt>Rondel field</dt><dd>{p.field === null ? 'centre' : RONDEL[p.field]}</dd></div>
              <div><dt>Colonies</dt><dd>{GOODS.map((g, i) => `${p.colonies[i]} ${g}`).join(', ')}</dd></div>
              <div><dt>Factories</dt><dd>{GOODS.map((g, i) => `${p.factories[i]} ${g}`).join(', ')}</dd></div>
              <div><dt>Shipyards · churches</dt><dd>{p.shipyards} · {p.churches}</dd></div>
              <div><dt>Explorers</dt><dd>{p.explorers}</dd></div>
              <div><dt>Privileges</dt><dd>{COLUMNS.map((c, i) => (p.privileges[i] ? `${c} ${p.privileges[i]}` : null)).filter(Boolean).join(', ') || 'none'}</dd></div>
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
