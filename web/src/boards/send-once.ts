/**
 * One move per position: a second click before the shell has marked itself busy (a double click, a slow
 * machine) would send a second move with the same expected version and be refused as stale. The guard
 * opens again when the shell's `busy` flag or the legal moves change.
 */
import { useCallback, useEffect, useRef } from 'react';

export function useSendOnce(onMove: (move: unknown) => void, busy: boolean, legalMoves: readonly unknown[]): (move: unknown) => void {
  const sent = useRef(false);
  const movesKey = JSON.stringify(legalMoves);
  useEffect(() => {
    sent.current = false;
  }, [busy, movesKey]);
  return useCallback(
    (move: unknown) => {
      if (sent.current || busy) return;
      sent.current = true;
      onMove(move);
    },
    [onMove, busy],
  );
}
