/**
 * §8 hidden information: face-down token values, the set-aside tokens (until the end) and the PRNG
 * state are secret to everyone; everything else is public, so every viewer gets the same view.
 */
import type { Viewer } from '../../engine/types.js';
import type { NavegadorState } from './types.js';

export function viewState(state: NavegadorState, _viewer: Viewer): unknown {
  const { rng: _rng, regions, setAside, ...open } = state;
  return {
    ...open,
    regions: regions.map((r) => ({ explored: r.explored, hiddenCount: r.hidden.length, faceUp: r.faceUp.slice() })),
    setAside: state.finished ? setAside.slice() : null,
    toMove: state.finished ? [] : [state.current],
  };
}
