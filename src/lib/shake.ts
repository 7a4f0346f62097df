import { useCallback, useRef } from 'react';
import { SHAKE_ANIMATION_MS } from '../../machines/constants';

/** A small side-to-side shake, in px; it ends where it started. */
const SHAKE_KEYFRAMES: Keyframe[] = [
  { transform: 'translateX(0)' },
  { transform: 'translateX(-6px)' },
  { transform: 'translateX(6px)' },
  { transform: 'translateX(-4px)' },
  { transform: 'translateX(4px)' },
  { transform: 'translateX(0)' },
];

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Shakes an element once for SHAKE_ANIMATION_MS (spec section 9, "shake animations 500 ms"): a
 * refused press or a refused code. Purely visual: the flow's own answer (a toast, a message)
 * does not wait for it. Nothing moves under `prefers-reduced-motion`.
 */
export function shake(element: Element | null): void {
  if (!element || typeof element.animate !== 'function' || prefersReducedMotion()) return;
  for (const running of element.getAnimations()) if (running.id === 'shake') running.cancel();
  const animation = element.animate(SHAKE_KEYFRAMES, { duration: SHAKE_ANIMATION_MS, easing: 'ease-in-out' });
  animation.id = 'shake';
}

/** A ref and a function that shakes what the ref holds. */
export function useShake<T extends Element>() {
  const ref = useRef<T>(null);
  const trigger = useCallback(() => shake(ref.current), []);
  return [ref, trigger] as const;
}
