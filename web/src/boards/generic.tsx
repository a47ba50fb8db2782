/**
 * The fallback board: the view as readable structured data, and one button per legal move with an
 * accessible label. It plays any game, if not prettily; families are described, not expanded.
 */
import type { BoardProps } from './types.js';

/** "choose role: role settler" from {type: 'chooseRole', role: 'settler'}. */
export function describeMove(move: unknown): string {
  if (typeof move !== 'object' || move === null) return String(move);
  const { type, ...rest } = move as Record<string, unknown>;
  const parts = Object.entries(rest).map(([k, v]) => `${words(k)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return `${words(String(type ?? 'move'))}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

export function words(key: string): string {
  return key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();
}

export function GenericBoard({ view, players, legalMoves, families, onMove, busy }: BoardProps) {
  return (
    <div className="generic-board">
      {legalMoves.length > 0 ? (
        <section aria-labelledby="generic-moves" className="moves">
          <h3 id="generic-moves">Your moves</h3>
          <ul className="move-list">
            {legalMoves.map((m, i) => (
              <li key={i}>
                <button type="button" disabled={busy} aria-label={describeMove(m)} onClick={() => onMove(m)}>{describeMove(m)}</button>
              </li>
            ))}
          </ul>
          {families.length > 0 ? <p className="hint">More moves exist ({families.map((f: any) => f.description ?? f.type).join('; ')}); this board offers the listed ones.</p> : null}
        </section>
      ) : null}
      <section aria-label="Game state" className="view-data">
        <Data value={view} players={players} />
      </section>
    </div>
  );
}

function Data({ value, players, depth = 0 }: { value: unknown; players: BoardProps['players']; depth?: number }) {
  if (value === null || value === undefined) return <span className="hint">none</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="hint">empty</span>;
    if (value.every((v) => typeof v !== 'object' || v === null)) return <span>{value.map(String).join(', ')}</span>;
    return (
      <ol className="data-list">
        {value.map((v, i) => <li key={i}><Data value={v} players={players} depth={depth + 1} /></li>)}
      </ol>
    );
  }
  if (typeof value === 'object') {
    return (
      <dl className="data">
        {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
          <div key={k}>
            <dt>{words(k)}</dt>
            <dd>{k === 'seat' && typeof v === 'number' ? `${players.find((p) => p.seat === v)?.name ?? v}` : <Data value={v} players={players} depth={depth + 1} />}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}
