/**
 * A sideways-scrolling strip (the settings tabs on a phone) fades out at an edge where more
 * of it lies beyond: a tab cut in half there then reads as "more this way", not as a broken
 * layout. Returns a ref for the scrolling element and the CSS mask to give it. Whenever
 * `selected` changes, the child matching `selectedSelector` is scrolled into view, with a
 * little of the one before it showing.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

const FADE = '2rem';

export function fadeMask(left: boolean, right: boolean): string | undefined {
  if (!left && !right) return undefined;
  const from = left ? `transparent 0, black ${FADE}` : 'black 0';
  const to = right ? `black calc(100% - ${FADE}), transparent 100%` : 'black 100%';
  return `linear-gradient(to right, ${from}, ${to})`;
}

export function useScrollFade<T extends HTMLElement>(selected: unknown, selectedSelector: string): { ref: RefObject<T | null>; mask: string | undefined } {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [update]);
  useEffect(() => {
    const el = ref.current;
    const active = el?.querySelector<HTMLElement>(selectedSelector);
    if (el && active) el.scrollLeft = active.offsetLeft - 32;
    update();
  }, [selected, selectedSelector, update]);
  return { ref, mask: fadeMask(edges.left, edges.right) };
}
