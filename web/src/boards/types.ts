/**
 * The contract between the web client's shell and a game's board. The shell fetches the view and the legal
 * moves, follows the game live, replays the past, and sends moves; a board only draws the view and turns
 * clicks into moves taken from `legalMoves` (or members of `families`), so it can never send an illegal one.
 */
export interface BoardProps {
  view: any;                 // the caller's view from GET /v1/games/:id/state (redacted for the seat)
  seat: number | null;       // the caller's seat, null for a spectator
  players: { seat: number; name: string; bot?: boolean }[];
  legalMoves: any[];         // concrete moves from GET /legal-moves (empty when not your turn or when viewing the past)
  families: any[];           // move families from GET /legal-moves
  onMove: (move: unknown) => void;  // sends the move (the shell handles expectedVersion and errors)
  busy: boolean;             // true while a move is in flight or when viewing a past state
}
export type Board = (props: BoardProps) => JSX.Element;
