/**
 * One Voyages player sheet, drawn from the view (rules §1.2): crew, stars, and the map's own areas —
 * map 1 duty grid and cargo tracks, map 2 skill rows and marauder tracks, map 3 ship parts and logbooks,
 * map 4 crew rows, harbour buildings, lighthouses and the watchtower grid. Duty boxes the player may
 * mark now are buttons (`onBox`).
 */
import type { MapFile } from './voyages-hex.js';

export const STAR_NAMES: Record<string, string> = {
  cargo: 'cargo',
  duty: 'duty',
  dread: 'Dread',
  exploration: 'exploration',
  starIsland: 'star island',
  recruitment: 'recruitment',
  marauders: 'marauders',
  logbooks: 'logbooks',
  lighthouses: 'lighthouses',
  watchtower: 'watchtower',
};
export const CARGO = ['fruit', 'gems', 'spice', 'furs'];
export const PARTS = ['bow', 'aft', 'keel', 'mast'];
const SIZES = ['small', 'medium', 'large'];

export function rewardText(list: readonly any[] | undefined): string {
  if (!list || list.length === 0) return '';
  return list
    .map((r) => {
      switch (r.type) {
        case 'sailor':
          return `+${r.count} sailor${r.count === 1 ? '' : 's'}`;
        case 'relic':
          return r.count === 1 ? 'relic' : `${r.count} relics`;
        case 'cargo':
          return 'barrel';
        case 'star':
          return `★ ${STAR_NAMES[r.source] ?? r.source}`;
        case 'gold':
          return `${r.value} gold`;
        case 'harbourGold':
          return `${r.value} harbour gold`;
        case 'duty':
          return `duty ×${r.count}`;
        case 'lightLighthouse':
          return 'light a lighthouse';
        case 'visitWatchtower':
          return 'watchtower visit';
        default:
          return String(r.type);
      }
    })
    .join(', ');
}

export function starCount(sheet: any): number {
  return Object.values(sheet?.stars ?? {}).reduce((n: number, v: any) => n + (Number(v) || 0), 0);
}

export interface BoxTarget {
  label: string;
  onActivate: () => void;
}

interface Props {
  map: MapFile;
  sheet: any;
  /** Duty targets by box number (the move's `box`). */
  boxes: Map<number, BoxTarget>;
  disabled: boolean;
}

function Box({ state, text, target, disabled, label }: { state: 'empty' | 'marked' | 'held' | 'sold' | 'crossed' | 'written'; text: string; target?: BoxTarget; disabled: boolean; label: string }) {
  const mark = state === 'marked' || state === 'sold' || state === 'crossed' ? '✕' : state === 'held' ? '◯' : '';
  const content = (
    <>
      <span className="vy-boxv">{text}</span>
      {mark && <span className="vy-boxm" aria-hidden="true">{mark}</span>}
    </>
  );
  if (target) {
    return (
      <button type="button" className={`vy-box vy-box-${state} vy-box-target`} disabled={disabled} onClick={target.onActivate} aria-label={target.label}>
        {content}
      </button>
    );
  }
  return (
    <span className={`vy-box vy-box-${state}`} aria-label={label} role="img">
      {content}
    </span>
  );
}

function Crew({ map, sheet }: { map: MapFile; sheet: any }) {
  const crew = sheet.crew ?? { normal: 0, heroic: 0, exhausted: 0 };
  const capacity: number = map.sheet.crew?.capacity ?? 15;
  const cells: ('n' | 'h' | 'x' | '.')[] = [
    ...Array<'n'>(crew.normal).fill('n'),
    ...Array<'h'>(crew.heroic).fill('h'),
    ...Array<'x'>(crew.exhausted).fill('x'),
  ];
  while (cells.length < capacity) cells.push('.');
  return (
    <div className="vy-crew">
      <h4>
        Crew: {crew.normal} normal, {crew.heroic} heroic, {crew.exhausted} exhausted
      </h4>
      <div className="vy-crewboxes" aria-hidden="true">
        {cells.slice(0, capacity).map((c, i) => (
          <span key={i} className={`vy-sailor vy-sailor-${c}`}>
            {c === 'n' ? '□' : c === 'h' ? '◎' : c === 'x' ? '✕' : '·'}
          </span>
        ))}
      </div>
      {map.map === 4 && (
        <table className="vy-table">
          <caption>Crew rows</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Ability</th>
              <th scope="col">Normal</th>
              <th scope="col">Heroic</th>
              <th scope="col">Exhausted</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {(sheet.rows ?? []).map((r: any, i: number) => {
              const def = map.sheet.crew.rows[i];
              const exp = r.added >= (map.sheet.crew.experiencedAtNewSailors ?? 2);
              return (
                <tr key={i}>
                  <th scope="row">{def?.row}</th>
                  <td>
                    {def?.ability === 'speedBoost' ? 'speed boost' : def?.ability === 'bonusMove' ? 'bonus move' : 'extra duty'}
                    {exp ? ' (experienced)' : ''}
                  </td>
                  <td>{r.normal}</td>
                  <td>{r.heroic}</td>
                  <td>{r.exhausted}</td>
                  <td>{r.added}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Stars({ map, sheet }: { map: MapFile; sheet: any }) {
  const sources: { source: string; max: number }[] = map.sheet.starSources ?? [];
  return (
    <div className="vy-stars">
      <h4>Stars: {starCount(sheet)}</h4>
      <ul>
        {sources.map((s) => {
          const n = Number(sheet.stars?.[s.source] ?? 0);
          return (
            <li key={s.source} className={n > 0 ? 'vy-star-on' : ''}>
              <span aria-hidden="true">{'★'.repeat(n) + '☆'.repeat(Math.max(0, s.max - n))}</span> {STAR_NAMES[s.source] ?? s.source}{' '}
              {n}/{s.max}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Map1Sheet({ map, sheet, boxes, disabled }: Props) {
  const grid: number[][] = map.sheet.duties.grid;
  const rowB: any[][] = map.sheet.duties.rowBonuses;
  const colB: any[][] = map.sheet.duties.columnBonuses;
  const tracks: Record<string, number[]> = map.sheet.cargo.tracks;
  return (
    <>
      <table className="vy-table vy-grid">
        <caption>Ship's duties (mark a box showing the duty value)</caption>
        <tbody>
          {grid.map((row, r) => (
            <tr key={r}>
              {row.map((v, c) => {
                const box = r * 6 + c;
                const marked = ((sheet.grid ?? 0) & (1 << box)) !== 0;
                return (
                  <td key={c}>
                    <Box
                      state={marked ? 'marked' : 'empty'}
                      text={String(v)}
                      target={boxes.get(box)}
                      disabled={disabled}
                      label={`row ${r + 1}, column ${c + 1}: ${v}${marked ? ', marked' : ''}`}
                    />
                  </td>
                );
              })}
              <td className="vy-bonus">{rewardText(rowB[r])}</td>
            </tr>
          ))}
          <tr>
            {colB.map((b, c) => (
              <td key={c} className="vy-bonus">
                {rewardText(b)}
              </td>
            ))}
            <td />
          </tr>
        </tbody>
      </table>
      <table className="vy-table">
        <caption>Cargo (◯ held, ✕ sold; selling box 3 gives a star)</caption>
        <tbody>
          {CARGO.map((kind, i) => {
            const t = sheet.cargo?.[i] ?? { taken: 0, sold: 0 };
            return (
              <tr key={kind}>
                <th scope="row">{kind}</th>
                {(tracks[kind] ?? []).map((v, j) => {
                  const state = j < t.sold ? 'sold' : j < t.taken ? 'held' : 'empty';
                  return (
                    <td key={j}>
                      <Box state={state} text={`${v}${j === 2 ? '★' : ''}`} disabled label={`${kind} box ${j + 1} (${v}): ${state}`} />
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>The Dread: {sheet.dreadDefeated ? 'defeated (14 gold)' : 'not defeated'}</p>
    </>
  );
}

function Map2Sheet({ map, sheet, boxes, disabled }: Props) {
  const rows: { value: number; skill: string }[] = map.sheet.duties.rows;
  const per: number = map.sheet.duties.boxesPerRow;
  const marauders = map.sheet.marauders;
  const defeated = (size: string) =>
    (sheet.collected ?? []).filter((i: number) => {
      const f = map.spaces[i]?.feature;
      return f?.kind === 'marauder' && f.size === size;
    }).length;
  return (
    <>
      <table className="vy-table">
        <caption>Skills (3rd box activates, 4th masters)</caption>
        <tbody>
          {rows.map((r, i) => {
            const marks: number = sheet.skills?.[i] ?? 0;
            return (
              <tr key={r.skill}>
                <th scope="row">
                  {r.value} · {r.skill}
                  {marks >= 4 ? ' (mastered)' : marks >= 3 ? ' (active)' : ''}
                </th>
                {Array.from({ length: per }, (_, j) => (
                  <td key={j}>
                    <Box
                      state={j < marks ? 'marked' : 'empty'}
                      text={String(r.value)}
                      target={boxes.get(i * per + j)}
                      disabled={disabled}
                      label={`${r.skill} box ${j + 1}${j < marks ? ', marked' : ''}`}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="vy-table">
        <caption>Marauders defeated</caption>
        <tbody>
          {SIZES.map((size) => {
            const d = defeated(size);
            const track: number[] = marauders[size].track;
            return (
              <tr key={size}>
                <th scope="row">
                  {size} (sail {marauders[size].strength}){(sheet.doubled ?? []).includes(size) ? ' ×2' : ''}
                </th>
                {track.map((v, j) => (
                  <td key={j}>
                    <Box state={j < d ? 'crossed' : 'empty'} text={String(v)} disabled label={`${size} track box ${j + 1}: ${j < d ? 'crossed' : 'empty'}`} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function Map3Sheet({ map, sheet, boxes, disabled }: Props) {
  const books: { id: string; slots: string[]; gold: number }[] = map.sheet.logbooks;
  return (
    <>
      <table className="vy-table">
        <caption>Ship parts (working boxes; below 4 the part malfunctions)</caption>
        <tbody>
          {PARTS.map((part, i) => {
            const p = sheet.parts?.[i] ?? { numbers: [], damage: 0, reinforced: false };
            const working = 4 + p.numbers.length - p.damage;
            const status = working <= 0 ? 'destroyed' : p.reinforced ? 'reinforced' : working < 4 ? 'malfunctioning' : 'working';
            const t = boxes.get(i);
            return (
              <tr key={part}>
                <th scope="row">
                  {t ? (
                    <button type="button" className="vy-box-target vy-part" disabled={disabled} onClick={t.onActivate} aria-label={t.label}>
                      {part}
                    </button>
                  ) : (
                    part
                  )}
                </th>
                <td>{status}</td>
                <td>
                  {working} working, {p.damage} damage
                </td>
                <td>numbers: {p.numbers.length ? p.numbers.join(' ') : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="vy-table">
        <caption>Logbooks</caption>
        <tbody>
          {books.map((b, i) => (
            <tr key={b.id}>
              <th scope="row">
                {b.id} ({b.gold} gold)
              </th>
              {b.slots.map((m, j) => {
                const filled = sheet.logbooks?.[i]?.[j] === true;
                return (
                  <td key={j}>
                    <Box state={filled ? 'marked' : 'empty'} text={m.slice(0, 3)} disabled label={`${m}${filled ? ', logged' : ''}`} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Map4Sheet({ map, sheet, boxes, disabled }: Props) {
  const list: { name: string; boxes: number; completion: any[]; boxRewards: Record<string, any[]> }[] = map.sheet.buildings.list;
  const grid: { tier: number; column: number; reward: any[] }[] = map.sheet.watchtowers.grid;
  const track: number[] = map.sheet.lighthouses.track;
  const lit: number = (sheet.lit ?? []).length;
  return (
    <>
      <table className="vy-table">
        <caption>Harbour buildings (first box any value, then the same value)</caption>
        <tbody>
          {list.map((b, i) => {
            const nums: number[] = sheet.buildings?.[i] ?? [];
            const t = boxes.get(i);
            return (
              <tr key={b.name}>
                <th scope="row">
                  {t ? (
                    <button type="button" className="vy-box-target vy-part" disabled={disabled} onClick={t.onActivate} aria-label={t.label}>
                      {b.name}
                    </button>
                  ) : (
                    b.name
                  )}
                </th>
                {Array.from({ length: b.boxes }, (_, j) => (
                  <td key={j}>
                    <Box
                      state={j < nums.length ? 'written' : 'empty'}
                      text={j < nums.length ? String(nums[j]) : rewardText(b.boxRewards[String(j + 1)]) ? '•' : ''}
                      disabled
                      label={`${b.name} box ${j + 1}${j < nums.length ? `: ${nums[j]}` : ''}`}
                    />
                  </td>
                ))}
                <td className="vy-bonus">{rewardText(b.completion)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        Lighthouses lit: {lit} of {track.length} (track: {track.map((v, i) => (i < lit ? `[${v}]` : String(v))).join(' ')})
      </p>
      <table className="vy-table">
        <caption>Watchtower (◯ taken, ✕ crossed)</caption>
        <tbody>
          {[1, 2, 3, 4].map((tier) => (
            <tr key={tier}>
              <th scope="row">tier {tier}</th>
              {grid
                .filter((g) => g.tier === tier)
                .map((g) => {
                  const idx = grid.indexOf(g);
                  const st = sheet.tower?.[idx] ?? 0;
                  return (
                    <td key={g.column}>
                      <Box state={st === 1 ? 'held' : st === 2 ? 'crossed' : 'empty'} text={rewardText(g.reward)} disabled label={`tier ${tier} column ${g.column}: ${rewardText(g.reward)}`} />
                    </td>
                  );
                })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function Sheet(props: Props) {
  const { map, sheet } = props;
  const regions = map.regions;
  const explored: number[] = sheet.explored ?? [];
  const islandGold = (sheet.visited ?? []).reduce((n: number, i: number) => n + (map.spaces[i]?.island?.gold ?? 0), 0);
  return (
    <div className="vy-sheet">
      <Crew map={map} sheet={sheet} />
      <Stars map={map} sheet={sheet} />
      <p>
        Islands visited: {(sheet.visited ?? []).map((i: number) => map.spaces[i]?.id).join(', ') || 'none'} ({islandGold} gold). Regions explored:{' '}
        {explored.length} of {regions.length}
        {explored.length ? ` (${explored.map((i) => regions[i]?.name).join(', ')})` : ''}.
      </p>
      {map.map === 1 && <Map1Sheet {...props} />}
      {map.map === 2 && <Map2Sheet {...props} />}
      {map.map === 3 && <Map3Sheet {...props} />}
      {map.map === 4 && <Map4Sheet {...props} />}
    </div>
  );
}
