/**
 * The Voyages hex map, drawn in SVG from the map file (flat-top hexes, odd-q offset, rules §2.1) and one
 * player's sheet: explored regions, collected spaces, visited islands, lit lighthouses, the ships, and
 * the spaces the player may click now (a heading, a destination, a marauder, a lighthouse).
 *
 * The map files are copies of the engine's src/games/voyages/maps/*.json (all "decision: our edition"): the view
 * carries a map number only, so a frontend needs the layout as data, as a printed sheet would.
 */
import type { KeyboardEvent } from 'react';
import map1 from './voyages-maps/map1.json';
import map2 from './voyages-maps/map2.json';
import map3 from './voyages-maps/map3.json';
import map4 from './voyages-maps/map4.json';

export interface MapSpace {
  id: string;
  col: number;
  row: number;
  terrain: string;
  feature?: { kind: string; [k: string]: unknown } | null;
  island?: { kind: string; gold?: number };
  region: string | null;
  zone?: string;
}

export interface MapFile {
  map: number;
  name: string;
  start: string;
  spaces: MapSpace[];
  regions: { id: string; name: string; spaces: string[] }[];
  offMap?: { id: string; col: number; row: number; kind: string }[];
  grid: { offsetNeighbours: { evenColumn: Record<string, number[]>; oddColumn: Record<string, number[]> } };
  zones?: { id: string; name: string; part: string }[];
  sheet: any;
}

export const MAPS: Record<number, MapFile> = {
  1: map1 as unknown as MapFile,
  2: map2 as unknown as MapFile,
  3: map3 as unknown as MapFile,
  4: map4 as unknown as MapFile,
};

export const GRID = 11;
export const DIRECTION_NAMES = ['', 'N', 'NE', 'SE', 'S', 'SW', 'NW'];

/** The neighbour of space `space` (row * 11 + col) towards windrose `dir` (1 = N, clockwise), or -1 off the map. */
export function neighbour(m: MapFile, space: number, dir: number): number {
  const col = space % GRID;
  const row = Math.floor(space / GRID);
  const step = (col % 2 === 0 ? m.grid.offsetNeighbours.evenColumn : m.grid.offsetNeighbours.oddColumn)[String(dir)];
  if (!step) return -1;
  const c = col + (step[0] ?? 0);
  const r = row + (step[1] ?? 0);
  return c < 0 || c >= GRID || r < 0 || r >= GRID ? -1 : r * GRID + c;
}

const stops = (s: MapSpace | undefined): boolean => s !== undefined && (s.terrain === 'island' || s.feature?.kind === 'dread');

/**
 * The spaces a ship enters sailing `distance` towards `dir` (rules §2.2-§2.3): it stops before the edge
 * and before a reef (unless Prow), and on entering an island or the Dread. A preview only: the server's
 * move is the truth.
 */
export function sailPath(m: MapFile, from: number, dir: number, distance: number, prow: boolean): number[] {
  const out: number[] = [];
  let here = from;
  for (let i = 0; i < distance; i++) {
    const next = neighbour(m, here, dir);
    if (next < 0) break;
    const sp = m.spaces[next];
    if (!prow && sp?.terrain === 'reef') break;
    out.push(next);
    here = next;
    if (stops(sp)) break;
  }
  return out;
}

export interface Target {
  label: string;
  /** Drawn as the destination of a route preview (else a plain highlight). */
  kind: 'heading' | 'destination' | 'attack' | 'light';
  onActivate: () => void;
}

export interface Ship {
  seat: number;
  space: number;
  label: string;
  mine: boolean;
}

interface Props {
  map: MapFile;
  sheet: any;
  ships: Ship[];
  targets: Map<number | string, Target>;
  paths: { cells: number[]; from: number; strong: boolean }[];
  disabled: boolean;
  caption: string;
}

const R = 24;
const H = Math.sqrt(3) * R;

function centre(col: number, row: number, top: number): [number, number] {
  return [R + col * 1.5 * R, top + H / 2 + H * (row + (col % 2 === 1 ? 0.5 : 0))];
}

function hexPoints(x: number, y: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

const FEATURE_TEXT: Record<string, string> = {
  sailor: 'Sa',
  relic: 'Re',
  star: '★',
  dread: 'Dread',
  fruit: 'Fr',
  gems: 'Ge',
  spice: 'Sp',
  furs: 'Fu',
  barrel: 'Ba',
  kraken: 'Kr',
  leviathan: 'Lv',
  serpent: 'Se',
};
const FEATURE_NAME: Record<string, string> = {
  sailor: 'sailor',
  relic: 'relic',
  star: 'star',
  dread: 'the Dread',
  fruit: 'fruit',
  gems: 'gems',
  spice: 'spice',
  furs: 'furs',
  barrel: 'barrel (any cargo)',
};
const ISLAND_TEXT: Record<string, string> = {
  start: 'START',
  settlement: 'SET',
  fort: 'FORT',
  star: 'I★',
  shipyard: 'YARD',
  lighthouse: 'LH',
  watchtower: 'WT',
};

export function featureText(s: MapSpace): string {
  const f = s.feature;
  if (s.island) return s.island.kind === 'numbered' ? String(s.island.gold ?? '') : ISLAND_TEXT[s.island.kind] ?? s.island.kind;
  if (!f) return s.terrain === 'reef' ? '##' : s.terrain === 'ice' ? 'ice' : '';
  if (f.kind === 'cargo') return FEATURE_TEXT[String(f.cargo)] ?? 'C';
  if (f.kind === 'marauder') return `m${String(f.strength)}`;
  if (f.kind === 'monster') return FEATURE_TEXT[String(f.monster)] ?? 'M';
  return FEATURE_TEXT[f.kind] ?? f.kind;
}

export function describeSpace(s: MapSpace): string {
  const f = s.feature;
  if (s.island) {
    const k = s.island.kind;
    if (k === 'numbered') return `island worth ${s.island.gold ?? 0} gold`;
    if (k === 'star') return 'star island';
    return `${k} island`;
  }
  const parts: string[] = [];
  if (s.terrain === 'reef') parts.push('reef');
  if (s.terrain === 'ice') parts.push('ice floe');
  if (f) {
    if (f.kind === 'cargo') parts.push(`${FEATURE_NAME[String(f.cargo)] ?? String(f.cargo)} cargo`);
    else if (f.kind === 'marauder') parts.push(`${String(f.size)} marauder (sail ${String(f.strength)})`);
    else if (f.kind === 'monster') parts.push(`${String(f.monster)} symbol`);
    else parts.push(FEATURE_NAME[f.kind] ?? f.kind);
  }
  return parts.length ? parts.join(', ') : 'open sea';
}

function Boat({ x, y, mine, label }: { x: number; y: number; mine: boolean; label: string }) {
  const s = mine ? 1 : 0.62;
  return (
    <g transform={`translate(${x},${y}) scale(${s})`} className={mine ? 'vy-myship' : 'vy-othership'}>
      <title>{label}</title>
      <path d="M-13,3 L13,3 L8,11 L-8,11 Z" />
      <path d="M-1,1 L-1,-16 L11,0 Z" className="vy-sail" />
      <path d="M-3,1 L-3,-12 L-12,0 Z" className="vy-sail" />
    </g>
  );
}

export function HexMap({ map, sheet, ships, targets, paths, disabled, caption }: Props) {
  const top = map.offMap && map.offMap.length > 0 ? H : 0;
  const width = R * 2 + (GRID - 1) * 1.5 * R;
  const height = top + H * (GRID + 0.5);
  const collected = new Set<number>(sheet?.collected ?? []);
  const visited = new Set<number>(sheet?.visited ?? []);
  const lit = new Set<number>(sheet?.lit ?? []);
  const explored = new Set<string>((sheet?.explored ?? []).map((i: number) => map.regions[i]?.id ?? ''));
  const key = (e: KeyboardEvent, f: () => void) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      f();
    }
  };
  const at = (space: number) => centre(space % GRID, Math.floor(space / GRID), top);
  return (
    <svg
      className="vy-map"
      viewBox={`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`}
      role="group"
      aria-label={caption}
    >
      <g aria-hidden="true">
        {map.spaces.map((s, i) => {
          const [x, y] = centre(s.col, s.row, top);
          const region = s.region !== null && s.region !== undefined;
          const cls = [
            'vy-hex',
            `vy-${s.terrain}`,
            region ? (explored.has(s.region ?? '') ? 'vy-explored' : 'vy-fog') : '',
            s.zone ? `vy-zone-${s.zone}` : '',
          ].join(' ');
          const text = featureText(s);
          const done = collected.has(i) || visited.has(i) || lit.has(i);
          return (
            <g key={s.id}>
              <polygon points={hexPoints(x, y, R - 0.8)} className={cls} />
              {s.island && <circle cx={x} cy={y} r={R * 0.62} className={`vy-island vy-island-${s.island.kind}`} />}
              {text && (
                <text x={x} y={y + 4} className={`vy-ftext${done && !s.island ? ' vy-done' : ''}`} textAnchor="middle">
                  {text}
                </text>
              )}
              {done && (
                <text x={x + R * 0.42} y={y - R * 0.35} className="vy-check" textAnchor="middle">
                  ✓
                </text>
              )}
              <text x={x} y={y + R * 0.78} className="vy-id" textAnchor="middle">
                {s.id}
              </text>
            </g>
          );
        })}
        {(map.offMap ?? []).map((o) => {
          const [x, y] = centre(o.col, o.row, top);
          return (
            <g key={o.id}>
              <polygon points={hexPoints(x, y, R - 0.8)} className="vy-hex vy-offmap" />
              <text x={x} y={y + 4} className="vy-ftext" textAnchor="middle">
                LH lit
              </text>
              <text x={x} y={y + R * 0.78} className="vy-id" textAnchor="middle">
                {o.id}
              </text>
            </g>
          );
        })}
        {paths.map((p, i) => {
          const pts = [p.from, ...p.cells].map((c) => at(c).map((v) => v.toFixed(1)).join(',')).join(' ');
          return <polyline key={i} points={pts} className={p.strong ? 'vy-path vy-path-strong' : 'vy-path'} />;
        })}
        {ships
          .filter((s) => !s.mine)
          .map((s, i) => {
            const [x, y] = at(s.space);
            return (
              <g key={s.seat}>
                <Boat x={x - 8 + (i % 3) * 8} y={y - 4} mine={false} label={s.label} />
              </g>
            );
          })}
        {ships
          .filter((s) => s.mine)
          .map((s) => {
            const [x, y] = at(s.space);
            return <Boat key={s.seat} x={x} y={y + 2} mine label={s.label} />;
          })}
      </g>
      {[...targets.entries()].map(([k, t]) => {
        let x: number;
        let y: number;
        if (typeof k === 'number') [x, y] = at(k);
        else {
          const o = (map.offMap ?? []).find((z) => z.id === k) ?? map.spaces.find((z) => z.id === k);
          if (!o) return null;
          [x, y] = centre(o.col, o.row, top);
        }
        return (
          <polygon
            key={String(k)}
            points={hexPoints(x, y, R - 3)}
            className={`vy-target vy-target-${t.kind}`}
            role="button"
            tabIndex={disabled ? -1 : 0}
            aria-label={t.label}
            aria-disabled={disabled}
            data-target={typeof k === 'number' ? map.spaces[k]?.id : k}
            onClick={() => !disabled && t.onActivate()}
            onKeyDown={(e) => !disabled && key(e, t.onActivate)}
          >
            <title>{t.label}</title>
          </polygon>
        );
      })}
    </svg>
  );
}
