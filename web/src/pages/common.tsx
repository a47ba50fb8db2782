import { useEffect, useState } from 'react';
import { api, unwrap, type Game } from '../api.js';

export interface GameType {
  id: string;
  title: string;
  players: { min: number; max: number };
  botLevels: string[];
  optionsSchema: Record<string, any>;
}

let typesCache: Promise<GameType[]> | null = null;

/** The hosted game types (fetched once per page load); Nim, the service's test game, is left out. */
export function useGameTypes(): GameType[] | null {
  const [types, setTypes] = useState<GameType[] | null>(null);
  useEffect(() => {
    typesCache ??= unwrap(api(null).api.GET('/v1/game-types')).then((a) => a.items.filter((t) => t.id !== 'nim') as GameType[]);
    let live = true;
    typesCache.then((t) => live && setTypes(t), () => { typesCache = null; });
    return () => { live = false; };
  }, []);
  return types;
}

export const TITLES: Record<string, string> = { 'puerto-rico': 'Puerto Rico', navegador: 'Navegador', meuterer: 'Meuterer', voyages: 'Voyages' };

export function GameTitle({ game }: { game: Game }) {
  return <><strong>{TITLES[game.type] ?? game.type}</strong> <span className="mono">#{game.id.slice(0, 8)}</span></>;
}

/** "due in 3 h 20 min" for the caller's running deadline, if the game has a clock. */
export function DeadlineText({ game, playerId }: { game: Game; playerId: string }) {
  const seats = new Set(game.seats.filter((s) => s.player?.id === playerId).map((s) => s.index));
  const deadline = game.deadlines.find((d) => seats.has(d.seat));
  if (!deadline) return <span className="hint"> (no deadline)</span>;
  const at = new Date(deadline.deadlineAt);
  return <span className="deadline"> · due <time dateTime={deadline.deadlineAt}>{at.toLocaleString()}</time> ({duration(at.getTime() - Date.now())})</span>;
}

export function duration(ms: number): string {
  if (ms <= 0) return 'overdue';
  const minutes = Math.round(ms / 60000);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h ${minutes % 60} min`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** "1 open seat", "2 open seats": a count and its noun, plural by rule. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
