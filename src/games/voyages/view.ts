/**
 * §8: there is no hidden information. Every viewer sees the whole state except the PRNG, which would
 * reveal future rolls; moves are never redacted.
 */
import type { Viewer } from '../../engine/types.js';
import type { VoyagesState } from './types.js';

export type VoyagesView = Omit<VoyagesState, 'rng'> & { readonly viewer: Viewer };

export function view(state: VoyagesState, viewer: Viewer): VoyagesView {
  const { rng: _secret, ...open } = state;
  void _secret;
  return { ...open, viewer };
}
