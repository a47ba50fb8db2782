import type { JSX } from 'react';
/** The props every game board receives from the game page (the shell owns this file). */
export interface BoardProps {
  view: any; // the caller's view from GET /v1/games/:id/state (redacted for the seat)
  seat: number | null; // the caller's seat, null for a spectator
  players: { seat: number; name: string; bot?: boolean }[];
  legalMoves: any[]; // concrete moves from GET /legal-moves (empty when not your turn or when viewing the past)
  families: any[]; // move families from GET /legal-moves
  onMove: (move: unknown) => void; // sends the move (the shell handles expectedVersion and errors)
  busy: boolean; // true while a move is in flight or when viewing a past state
}
export type Board = (props: BoardProps) => JSX.Element;
