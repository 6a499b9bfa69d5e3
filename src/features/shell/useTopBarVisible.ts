import { useEffect, useRef, useState } from 'react';
import { nextTopBarVisible } from './topBarVisibility';

/** Follows window scrolling with the pure rule in topBarVisibility.ts. */
export function useTopBarVisible(): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = Math.max(0, window.scrollY);
        const previousY = lastY.current;
        lastY.current = y;
        // Read previousY before the updater runs (React may run it later).
        setVisible((v) => nextTopBarVisible(v, previousY, y));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return visible;
}
