/**
 * One move per position. A second click before the position has changed — a double click, or a click in
 * the moment after the answer when the shell is no longer busy but has not yet fetched the new state
 * and still shows the old moves — would send a move for a position that is gone, refused as stale.
 * The guard opens again when a new view arrives (after the move, or after a refusal and refresh).
 */
import { useCallback, useEffect, useRef } from 'react';

export function useSendOnce(onMove: (move: unknown) => void, busy: boolean, view: unknown): (move: unknown) => void {
  const sent = useRef(false);
  useEffect(() => {
    sent.current = false;
  }, [view]);
  return useCallback(
    (move: unknown) => {
      if (sent.current || busy) return;
      sent.current = true;
      onMove(move);
    },
    [onMove, busy],
  );
}
