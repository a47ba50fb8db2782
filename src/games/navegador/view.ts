/**
 * §8 hidden information: face-down token values, the set-aside tokens (until the end) and the PRNG
 * state are secret to everyone; everything else is public, so every viewer gets the same view.
 */
import type { Viewer } from '../../engine/types.js';
import { GOODS, STACKS } from './data.js';
import type { NavegadorState } from './types.js';

/**
 * §8 "unrevealed values, as a set": per good (GOODS order), the sorted values not yet revealed (T6 minus
 * every value ever turned face up). Anyone can work it out, and it says nothing of where a token lies.
 */
export function unseenValues(state: NavegadorState): number[][] {
  return GOODS.map((good, g) => {
    const values = [state.setAside[g] as number];
    state.regions.forEach((r, id) => {
      if (STACKS[id]?.good === good) values.push(...r.hidden);
    });
    return values.sort((a, b) => a - b);
  });
}

export function viewState(state: NavegadorState, _viewer: Viewer): unknown {
  const { rng: _rng, engineVersion, regions, setAside, ...open } = state;
  return {
    // Named apart from the game's `version` (its move count), which clients send back as expectedVersion.
    rulesVersion: engineVersion,
    ...open,
    regions: regions.map((r) => ({ explored: r.explored, hiddenCount: r.hidden.length, faceUp: r.faceUp.slice() })),
    setAside: state.finished ? setAside.slice() : null,
    unseenValues: unseenValues(state),
    toMove: state.finished ? [] : [state.current],
  };
}
