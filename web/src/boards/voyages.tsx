/**
 * Voyages board: the round and the three shared dice, the hex map with your ship and where it can sail,
 * your sheet (or any other player's: nothing in Voyages is hidden, rules §8), and the step you are on.
 *
 * Moves come only from `legalMoves`. A round is several small moves (steer, sail, duty, then choices);
 * each step's moves are narrowed by facets — the die, the value, how the sailors pay, the duty box — picked
 * by clicking the dice, the map, the sheet or the buttons. When one legal move is left, a Confirm button
 * naming it sends it (or the same pick clicked again), so no illegal move can be built and none is sent
 * by a click that only meant to choose.
 */
import { useEffect, useMemo, useState } from 'react';
import type { BoardProps } from './types.js';
import { useSendOnce } from './send-once.js';
import './voyages.css';
import { DIRECTION_NAMES, HexMap, MAPS, neighbour, sailPath, type MapFile, type Ship, type Target } from './voyages-hex.js';
import { PARTS, Sheet, rewardText, starCount, type BoxTarget } from './voyages-sheet.js';

type Move = Record<string, any> & { type: string };
type FacetName = 'type' | 'die' | 'value' | 'box' | 'pay' | 'whole';

const FACETS: Record<string, FacetName[]> = {
  steer: ['die', 'value', 'pay'],
  sail: ['die', 'value', 'pay'],
  duty: ['box', 'value', 'pay'],
};
const facetsOf = (m: Move): FacetName[] => FACETS[m.type] ?? ['whole'];

const TYPE_TEXT: Record<string, string> = {
  steer: 'Steer',
  sail: 'Sail',
  duty: 'Duty',
  boost: 'Speed boost first',
  bonus: 'Bonus move',
  extra: 'Extra duty',
};

const wrap = (a: number, b: number): number => {
  const d = Math.abs(a - b);
  return Math.min(d, 6 - d);
};

const ids = (m: MapFile): Map<string, number> => new Map(m.spaces.map((s, i) => [s.id, i]));

/** Whether a map 2 skill is active (3 marks in its row, §5.5). */
function skillActive(map: MapFile, sheet: any, skill: string): boolean {
  if (map.map !== 2) return false;
  const i = (map.sheet.duties.rows as { skill: string }[]).findIndex((r) => r.skill === skill);
  return i >= 0 && (sheet.skills?.[i] ?? 0) >= map.sheet.duties.activateAtBox;
}

/** Map 3: the bow malfunctions below 4 working boxes unless reinforced (§6.4): distance −2. */
function bowBroken(map: MapFile, sheet: any): boolean {
  if (map.map !== 3) return false;
  const p = sheet.parts?.[0];
  if (!p || p.reinforced) return false;
  return 4 + p.numbers.length - p.damage < 4;
}

export const dutyDie = (sheet: any): number => 3 - sheet.directionDie - sheet.distanceDie;

interface Ctx {
  map: MapFile;
  view: any;
  sheet: any;
}

function rawOf(ctx: Ctx, m: Move): number {
  if (m.type === 'steer' || m.type === 'sail') return ctx.view.dice?.[m.die] ?? 0;
  return ctx.view.dice?.[dutyDie(ctx.sheet)] ?? 0;
}

function dutyValue(ctx: Ctx, m: Move): number {
  if (m.value !== undefined) return m.value;
  if (ctx.map.map === 1 && m.box !== null) return ctx.map.sheet.duties.grid[Math.floor(m.box / 6)]?.[m.box % 6] ?? 0;
  if (ctx.map.map === 2 && m.box !== null) return ctx.map.sheet.duties.rows[Math.floor(m.box / ctx.map.sheet.duties.boxesPerRow)]?.value ?? 0;
  return rawOf(ctx, m);
}

function valueOf(ctx: Ctx, m: Move): number {
  return m.type === 'duty' ? dutyValue(ctx, m) : m.value;
}

/** Normal sailors a die change costs (§1.5; map 2 skills give one free step; map 4 names the rows). */
function normalCost(ctx: Ctx, m: Move): number {
  if (m.heroic) return 0;
  if (m.rows) return m.rows.length;
  const steps = wrap(rawOf(ctx, m), valueOf(ctx, m));
  const skill = m.type === 'steer' ? 'rudder' : m.type === 'sail' ? 'oars' : 'quarters';
  return steps > 0 && skillActive(ctx.map, ctx.sheet, skill) ? steps - 1 : steps;
}

function payText(ctx: Ctx, m: Move): string {
  const rows = m.rows?.length ? ` from row${m.rows.length > 1 ? 's' : ''} ${m.rows.join(', ')}` : '';
  if (m.heroic) return `a heroic sailor${rows} sets it`;
  const n = normalCost(ctx, m);
  if (valueOf(ctx, m) === rawOf(ctx, m)) return 'as rolled (free)';
  return n === 0 ? 'skill turns it (free)' : `${n} sailor${n === 1 ? '' : 's'}${rows}`;
}

function destination(ctx: Ctx, m: Move): number {
  const sheet = ctx.sheet;
  const from: number = sheet.ship;
  if (m.type === 'sail') {
    const steps = (bowBroken(ctx.map, sheet) ? Math.max(0, m.value - 2) : m.value) + (sheet.boost ?? 0);
    const path = sailPath(ctx.map, from, sheet.direction, steps, skillActive(ctx.map, sheet, 'prow'));
    return path[path.length - 1] ?? from;
  }
  if (m.type === 'bonus') {
    const path = sailPath(ctx.map, from, m.direction, m.heroic ? 2 : 1, false);
    return path[path.length - 1] ?? from;
  }
  return from;
}

function routeOf(ctx: Ctx, m: Move): number[] {
  const sheet = ctx.sheet;
  if (m.type === 'sail') {
    const steps = (bowBroken(ctx.map, sheet) ? Math.max(0, m.value - 2) : m.value) + (sheet.boost ?? 0);
    return sailPath(ctx.map, sheet.ship, sheet.direction, steps, skillActive(ctx.map, sheet, 'prow'));
  }
  if (m.type === 'bonus') return sailPath(ctx.map, sheet.ship, m.direction, m.heroic ? 2 : 1, false);
  return [];
}

function boxText(ctx: Ctx, m: Move): string {
  if (m.box === null) return 'skip the duty (no box takes the value)';
  switch (ctx.map.map) {
    case 1:
      return `grid row ${Math.floor(m.box / 6) + 1}, column ${(m.box % 6) + 1} (${dutyValue(ctx, m)})`;
    case 2: {
      const per = ctx.map.sheet.duties.boxesPerRow;
      const row = ctx.map.sheet.duties.rows[Math.floor(m.box / per)];
      return `${row?.skill ?? 'skill'} row, box ${(m.box % per) + 1}`;
    }
    case 3:
      return `repair the ${PARTS[m.box] ?? 'part'}`;
    default:
      return `build the ${ctx.map.sheet.buildings.list[m.box]?.name ?? 'building'}`;
  }
}

function describeWhole(ctx: Ctx, m: Move): string {
  switch (m.type) {
    case 'cargo':
      return `Put the barrel on the ${m.cargo} track`;
    case 'sell':
      return m.mode === 'none' ? 'Sell nothing' : m.mode === 'eachKind' ? 'Sell one of each kind' : `Sell all your ${m.cargo}`;
    case 'dread':
      return `The Dread exhausts a ${m.sailor} sailor`;
    case 'fort':
      return `Double the ${m.track} marauder track`;
    case 'attack':
      return m.space ? `Attack the marauder on ${m.space}` : 'Attack nobody';
    case 'log':
      return `Log it in logbook ${m.book}`;
    case 'damage':
      return `Damage the ${m.part}`;
    case 'complete':
      return m.choice === 'star' ? 'Take the duty star' : 'Take the row reward';
    case 'write':
      return `Write ${m.value}`;
    case 'reinforce':
      return `Reinforce the ${m.part}`;
    case 'recruit':
      return `The new sailor joins row ${m.row}`;
    case 'promote':
      return `A row ${m.row} sailor becomes heroic`;
    case 'boost':
      return `Speed boost +${m.amount} (${m.heroic ? 'heroic' : 'normal'} sailor of row A)`;
    case 'bonus':
      return `Bonus move ${m.heroic ? 2 : 1} space${m.heroic ? 's' : ''} ${DIRECTION_NAMES[m.direction] ?? ''} to ${ctx.map.spaces[destination(ctx, m)]?.id ?? '?'}`;
    case 'extra':
      return m.heroic ? 'Extra duty: two more writes (heroic sailor of row C)' : 'Extra duty: one more write (sailor of row C)';
    case 'build':
      return `Write ${m.value} in the ${ctx.map.sheet.buildings.list[m.building]?.name ?? 'building'}`;
    case 'tower': {
      const grid: { tier: number; column: number; reward: any[] }[] = ctx.map.sheet.watchtowers.grid;
      const visits = (ctx.sheet.tower ?? []).filter((x: number) => x === 1).length;
      const cell = grid.find((g) => g.tier === visits + 1 && g.column === m.column);
      return `Watchtower column ${m.column}${cell ? `: ${rewardText(cell.reward)}` : ''}`;
    }
    case 'light':
      return m.space ? `Light the lighthouse on ${m.space}` : 'Light no lighthouse';
    default:
      return JSON.stringify(m);
  }
}

export function describeMove(ctx: Ctx, m: Move): string {
  switch (m.type) {
    case 'steer':
      return `steer ${DIRECTION_NAMES[m.value]} with die ${m.die + 1}, ${payText(ctx, m)}`;
    case 'sail':
      return `sail ${m.value} to ${ctx.map.spaces[destination(ctx, m)]?.id ?? '?'} with die ${m.die + 1}, ${payText(ctx, m)}`;
    case 'duty':
      return m.box === null ? boxText(ctx, m) : `${boxText(ctx, m)}, writing ${dutyValue(ctx, m)}, ${payText(ctx, m)}`;
    default:
      return describeWhole(ctx, m);
  }
}

function facetKey(ctx: Ctx, f: FacetName, m: Move): string {
  switch (f) {
    case 'type':
      return FACETS[m.type] ? m.type : `whole:${m.type}`;
    case 'die':
      return String(m.die);
    case 'value':
      return String(valueOf(ctx, m));
    case 'box':
      return String(m.box);
    case 'pay':
      return `${m.heroic ? 'H' : 'N'}${(m.rows ?? []).join('')}`;
    case 'whole':
      return JSON.stringify(m);
  }
}

function facetText(ctx: Ctx, f: FacetName, m: Move, group: Move[]): string {
  switch (f) {
    case 'type':
      return TYPE_TEXT[m.type] ?? describeWhole(ctx, m);
    case 'die':
      return `Die ${m.die + 1}: ${ctx.view.dice?.[m.die]}`;
    case 'value': {
      const cheapest = Math.min(...group.filter((g) => !g.heroic).map((g) => normalCost(ctx, g)));
      const heroicOnly = !Number.isFinite(cheapest);
      const cost = heroicOnly ? 'heroic sailor' : cheapest === 0 ? 'free' : `${cheapest} sailor${cheapest === 1 ? '' : 's'}`;
      if (m.type === 'steer') return `${DIRECTION_NAMES[m.value]} (${m.value}) · ${cost}`;
      if (m.type === 'sail') return `${m.value} space${m.value === 1 ? '' : 's'} → ${ctx.map.spaces[destination(ctx, m)]?.id ?? '?'} · ${cost}`;
      return `Write ${dutyValue(ctx, m)} · ${cost}`;
    }
    case 'box':
      return boxText(ctx, m);
    case 'pay':
      return payText(ctx, m);
    case 'whole':
      return describeWhole(ctx, m);
  }
}

const FACET_PROMPT: Record<FacetName, string> = {
  type: 'What do you do?',
  die: 'Which die?',
  value: 'Which value?',
  box: 'Which box?',
  pay: 'How do your sailors pay?',
  whole: 'Choose',
};

function stepPrompt(map: MapFile, sheet: any, moves: Move[]): string {
  const head = sheet.queue?.[0]?.k;
  if (sheet.step === 'direction') return 'Steer: give a die to the direction (click a die, then a heading on the map or below).';
  if (sheet.step === 'distance') return 'Sail: give a die to the distance (click a die, then a destination on the map or below).';
  if (sheet.step === 'duty' && !head) return 'Duty: use the last die on your sheet (click a box).';
  const prompts: Record<string, string> = {
    cargo: 'Choose the track for your barrel.',
    sell: 'Settlement: sell cargo, then gain a sailor.',
    dread: 'The Dread: choose the sailor it exhausts.',
    fort: 'Fort: choose the marauder track to double.',
    attack: 'Attack a marauder in line (click it) or nobody.',
    log: 'Log the sighting in a logbook.',
    keelHit: 'Keel penalty: choose the part that takes the damage.',
    rowDone: 'A row is complete: the duty star or its reward.',
    write: 'Write a number in the pending row.',
    yard: 'Shipyard: choose the part to reinforce.',
    sailor: 'Choose the crew row of your new sailor.',
    relic: "Relic: choose the row whose sailor becomes heroic.",
    build: 'Write in a harbour building.',
    tower: 'Choose a watchtower reward.',
    lightAny: 'Light any lighthouse.',
    sight: 'Light a lighthouse in line of sight (click it) or none.',
  };
  if (head && prompts[head]) return prompts[head] ?? '';
  return moves.length ? 'Choose your move.' : '';
  void map;
}

function Die({ value, label, role, onClick, selected, disabled }: { value: number; label: string; role: string; onClick?: () => void; selected: boolean; disabled: boolean }) {
  const pips: Record<number, [number, number][]> = {
    1: [[2, 2]],
    2: [[1, 1], [3, 3]],
    3: [[1, 1], [2, 2], [3, 3]],
    4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
    6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
  };
  const face = (
    <svg viewBox="0 0 40 40" className="vy-dieface" aria-hidden="true">
      <rect x="2" y="2" width="36" height="36" rx="7" />
      {(pips[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 9 + 2} cy={y * 9 + 2} r="3.6" />
      ))}
    </svg>
  );
  const body = (
    <>
      {face}
      <span className="vy-dienum">{value}</span>
      <span className="vy-dierole">{role || '\u00a0'}</span>
    </>
  );
  if (onClick)
    return (
      <button type="button" className={`vy-die${selected ? ' vy-die-on' : ''}`} onClick={onClick} disabled={disabled} aria-pressed={selected} aria-label={label}>
        {body}
      </button>
    );
  return (
    <div className="vy-die" role="img" aria-label={label}>
      {body}
    </div>
  );
}

export default function VoyagesBoard({ view, seat, players, legalMoves, onMove: send, busy }: BoardProps) {
  const onMove = useSendOnce(send, busy, view);
  const map = MAPS[view.map as number] ?? MAPS[1]!;
  const idIndex = useMemo(() => ids(map), [map]);
  const seats: number = view.seats ?? view.players?.length ?? 0;
  const [shown, setShown] = useState<number>(seat ?? 0);
  useEffect(() => setShown(seat ?? 0), [seat]);
  const sheet = view.players?.[shown] ?? view.players?.[0];
  const mine = seat !== null && shown === seat;
  const ctx: Ctx = { map, view, sheet: view.players?.[seat ?? 0] ?? sheet };

  // Facet picks, cleared whenever the legal moves change (a new step, a new round).
  const movesKey = JSON.stringify(legalMoves);
  const [picks, setPicks] = useState<Partial<Record<FacetName, string>>>({});
  useEffect(() => setPicks({}), [movesKey]);
  const active = mine && legalMoves.length > 0 && !busy;

  const moves = legalMoves as Move[];
  const candidates = moves.filter((m) =>
    (Object.entries(picks) as [FacetName, string][]).every(([f, k]) => (f === 'type' || facetsOf(m).includes(f) ? facetKey(ctx, f, m) === k : true)),
  );
  const types = new Set(candidates.map((m) => facetKey(ctx, 'type', m)));
  let facet: FacetName | null = null;
  if (types.size > 1) facet = 'type';
  else if (candidates[0]) facet = facetsOf(candidates[0]).find((f) => picks[f] === undefined && new Set(candidates.map((m) => facetKey(ctx, f, m))).size > 1) ?? null;

  const choose = (f: FacetName, k: string) => {
    const next = { ...picks, [f]: k };
    const left = moves.filter((m) =>
      (Object.entries(next) as [FacetName, string][]).every(([g, v]) => (g === 'type' || facetsOf(m).includes(g) ? facetKey(ctx, g, m) === v : true)),
    );
    // Once the picks leave one legal move (equal dice give equal moves: any of them), send it.
    const distinct = new Set(left.map((m) => facetsOf(m).filter((g) => g !== 'die').map((g) => facetKey(ctx, g, m)).join('|') + (m.die === undefined ? '' : `|${view.dice?.[m.die]}`)));
    // Every move waits for a confirming click (the Confirm button naming it, or the same pick again),
    // however it was picked: the same deliberate step as every board's (confirm-move.tsx).
    if (left[0] && distinct.size === 1 && picks[f] === k) {
      onMove(left[0]);
      setPicks({});
    } else setPicks(next);
  };

  /** Board clicks: each picks the facets that lead to the clicked thing. */
  const pickMoves = (subset: Move[], f: FacetName) => {
    const first = subset[0];
    if (!first) return;
    const k = facetKey(ctx, f, first);
    if (types.size > 1) {
      const t = facetKey(ctx, 'type', first);
      const next = { ...picks, type: t };
      setPicks(next);
      const left = moves.filter((m) => facetKey(ctx, 'type', m) === t && facetKey(ctx, f, m) === k);
      if (left.length === 1 && left[0] && picks[f] === k) {
        onMove(left[0]);
        setPicks({});
        return;
      }
      setPicks({ ...next, [f]: k });
      return;
    }
    choose(f, k);
  };

  // Map targets from the moves still open.
  const targets = new Map<number | string, Target>();
  const paths: { cells: number[]; from: number; strong: boolean }[] = [];
  if (active) {
    const steer = candidates.filter((m) => m.type === 'steer');
    for (const value of new Set(steer.map((m) => m.value as number))) {
      const n = neighbour(map, ctx.sheet.ship, value);
      if (n < 0) continue;
      const group = steer.filter((m) => m.value === value);
      targets.set(n, { kind: 'heading', label: `Steer ${DIRECTION_NAMES[value]} (${value})`, onActivate: () => pickMoves(group, 'value') });
      paths.push({ from: ctx.sheet.ship, cells: sailPath(map, ctx.sheet.ship, value, 6, skillActive(map, ctx.sheet, 'prow')), strong: false });
    }
    const sailing = candidates.filter((m) => m.type === 'sail' || m.type === 'bonus');
    const byEnd = new Map<number, Move[]>();
    for (const m of sailing) byEnd.set(destination(ctx, m), [...(byEnd.get(destination(ctx, m)) ?? []), m]);
    for (const [end, group] of byEnd) {
      const first = group[0]!;
      paths.push({ from: ctx.sheet.ship, cells: routeOf(ctx, first), strong: false });
      const values = [...new Set(group.map((m) => (m.type === 'sail' ? m.value : m.direction)))];
      targets.set(end, {
        kind: 'destination',
        label: `Sail to ${map.spaces[end]?.id ?? '?'} (${first.type === 'sail' ? `distance ${values.join(' or ')}` : describeWhole(ctx, first)})`,
        onActivate: () => {
          // Several distances may end here (the edge, an island): take the cheapest, as a player would.
          const best = [...group].sort((a, b) => normalCost(ctx, a) + (a.heroic ? 10 : 0) - (normalCost(ctx, b) + (b.heroic ? 10 : 0)))[0]!;
          const same = group.filter((m) => facetKey(ctx, 'value', m) === facetKey(ctx, 'value', best) && m.type === best.type);
          pickMoves(same, first.type === 'sail' ? 'value' : 'whole');
        },
      });
    }
    for (const m of candidates.filter((x) => (x.type === 'attack' || x.type === 'light') && x.space)) {
      const i = idIndex.get(m.space);
      if (i === undefined) continue;
      targets.set(i, { kind: m.type === 'attack' ? 'attack' : 'light', label: describeWhole(ctx, m), onActivate: () => pickMoves([m], 'whole') });
    }
  }

  const boxes = new Map<number, BoxTarget>();
  if (active) {
    for (const m of candidates.filter((x) => x.type === 'duty' && x.box !== null)) {
      if (boxes.has(m.box)) continue;
      const group = candidates.filter((x) => x.type === 'duty' && x.box === m.box);
      boxes.set(m.box, { label: `Duty: ${boxText(ctx, m)}`, onActivate: () => pickMoves(group, 'box') });
    }
  }

  const ships: Ship[] = (view.players ?? []).map((p: any, i: number) => ({
    seat: i,
    space: p.ship,
    mine: i === shown,
    label: `${players.find((x) => x.seat === i)?.name ?? `Seat ${i + 1}`}'s ship on ${map.spaces[p.ship]?.id ?? '?'}`,
  }));

  const dieRoles = (d: number): string => {
    const s = sheet;
    if (!s) return '';
    if (s.directionDie === d) return `heading ${DIRECTION_NAMES[s.direction] ?? ''}`;
    if (s.distanceDie === d) return 'distance';
    if (s.directionDie >= 0 && s.distanceDie >= 0 && dutyDie(s) === d) return 'duty';
    return '';
  };
  const dieSelectable = active && facet === 'die';

  const solo = seats === 1;
  const roundText = solo
    ? `Round ${view.round} of ${map.sheet.soloRounds ?? 16} (solo: 3 stars to win)`
    : view.finalRound
      ? `Round ${view.round}${view.finalRound === view.round ? ' — the final round' : ` (final round ${view.finalRound})`}`
      : `Round ${view.round}${view.maxRounds ? ` of at most ${view.maxRounds}` : ''}`;
  const nameOf = (i: number) => players.find((x) => x.seat === i)?.name ?? `Seat ${i + 1}`;
  const waiting = (view.players ?? []).flatMap((p: any, i: number) => (p.step === 'done' ? [] : [nameOf(i)]));

  const options = facet
    ? [...new Map(candidates.map((m) => [facetKey(ctx, facet!, m), m])).entries()].map(([k, m]) => ({
        k,
        text: facetText(ctx, facet!, m, candidates.filter((x) => facetKey(ctx, facet!, x) === k)),
      }))
    : [];
  const pickedList = (Object.entries(picks) as [FacetName, string][]).map(([f, k]) => {
    const m = moves.find((x) => (f === 'type' || facetsOf(x).includes(f)) && facetKey(ctx, f, x) === k);
    return { f, text: m ? facetText(ctx, f, m, [m]) : k };
  });

  return (
    <div className="vy-board" data-game="voyages">
      <header className="vy-status" aria-live="polite">
        <span>
          <strong>{map.name}</strong> (map {map.map})
        </span>
        <span>{roundText}</span>
        <span>{view.over ? 'Game over' : waiting.length ? `Still playing this round: ${waiting.join(', ')}` : ''}</span>
      </header>
      <div className="vy-dice" role="group" aria-label="The three dice">
        {(view.dice ?? []).map((v: number, d: number) => (
          <Die
            key={d}
            value={v}
            role={dieRoles(d)}
            selected={picks.die === String(d)}
            disabled={busy}
            label={`Die ${d + 1}: ${v}${dieRoles(d) ? `, used for ${dieRoles(d)}` : ''}`}
            onClick={dieSelectable && options.some((o) => o.k === String(d)) ? () => choose('die', String(d)) : undefined}
          />
        ))}
      </div>
      <div className="vy-stars-all" aria-label="Stars">
        {(view.players ?? []).map((p: any, i: number) => (
          <span key={i} className={i === seat ? 'vy-me' : ''}>
            {nameOf(i)}: {starCount(p)} ★{p.step === 'done' && !view.over ? ' (done)' : ''}
          </span>
        ))}
      </div>
      <div className="vy-main">
        <div className="vy-mapcol">
          <HexMap
            map={map}
            sheet={sheet}
            ships={ships}
            targets={mine ? targets : new Map()}
            paths={mine ? paths : []}
            disabled={busy}
            caption={`${map.name}: ${nameOf(shown)}'s map, ship on ${map.spaces[sheet?.ship]?.id ?? '?'}${sheet?.direction ? `, heading ${DIRECTION_NAMES[sheet.direction]}` : ''}`}
          />
          <p className="vy-legend">
            Sa sailor · Re relic · Fr/Ge/Sp/Fu cargo · Ba barrel · ★ star · numbers: islands (gold) · SET settlement · grey dashed hexes: unexplored
            regions · ✓ collected or visited · red ship: {nameOf(shown)}
          </p>
        </div>
        <div className="vy-side">
          {seat !== null && !view.over && (
            <section className="vy-actions" aria-label="Your move">
              <p className="vy-prompt">
                {legalMoves.length === 0
                  ? view.players?.[seat]?.step === 'done'
                    ? `Your round is done. Waiting for ${waiting.join(', ') || 'the next roll'}.`
                    : 'Waiting.'
                  : stepPrompt(map, ctx.sheet, moves)}
              </p>
              {!mine && legalMoves.length > 0 && (
                <button type="button" onClick={() => setShown(seat)}>
                  Back to your sheet to play
                </button>
              )}
              {mine && pickedList.length > 0 && (
                <p className="vy-picked">
                  {pickedList.map((p) => p.text).join(' · ')}{' '}
                  <button type="button" onClick={() => setPicks({})} disabled={busy}>
                    Start over
                  </button>
                </p>
              )}
              {mine && facet && (
                <div className="vy-choices" role="group" aria-label={FACET_PROMPT[facet]}>
                  <span className="vy-q">{FACET_PROMPT[facet]}</span>
                  {options.map((o) => (
                    <button key={o.k} type="button" disabled={busy} onClick={() => choose(facet!, o.k)}>
                      {o.text}
                    </button>
                  ))}
                </div>
              )}
              {mine && !facet && candidates.length > 0 && (
                <div className="vy-choices" role="group" aria-label="Confirm">
                  <button type="button" className="vy-confirm" disabled={busy} onClick={() => { onMove(candidates[0]); setPicks({}); }}>
                    {candidates[0] ? `Confirm: ${describeMove(ctx, candidates[0])}` : ''}
                  </button>
                </div>
              )}
            </section>
          )}
          {seats > 1 && (
            <div className="vy-tabs" role="group" aria-label="Whose sheet">
              {(view.players ?? []).map((_: any, i: number) => (
                <button key={i} type="button" aria-pressed={i === shown} onClick={() => setShown(i)}>
                  {nameOf(i)}
                  {i === seat ? ' (you)' : ''}
                </button>
              ))}
            </div>
          )}
          <section aria-label={`${nameOf(shown)}'s sheet`}>
            <h3 className="vy-sheettitle">
              {nameOf(shown)}'s sheet{shown === seat ? ' (you)' : ''}
            </h3>
            {sheet && <Sheet map={map} sheet={sheet} boxes={mine ? boxes : new Map()} disabled={busy} />}
          </section>
        </div>
      </div>
    </div>
  );
}

