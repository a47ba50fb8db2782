/**
 * §8: there is no hidden information. Every viewer sees the whole state except the PRNG, which would
 * reveal future rolls; moves are never redacted.
 */
import type { Viewer } from '../../engine/types.js';
import type { VoyagesState } from './types.js';

/** `engineVersion` is shown as `rulesVersion`, apart from the game's `version` (its move count). */
export type VoyagesView = Omit<VoyagesState, 'rng' | 'engineVersion'> & { readonly rulesVersion: number; readonly viewer: Viewer };

export function view(state: VoyagesState, viewer: Viewer): VoyagesView {
  const { rng: _secret, engineVersion, ...open } = state;
  void _secret;
  return { rulesVersion: engineVersion, ...open, viewer };
}
