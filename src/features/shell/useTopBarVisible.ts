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
        setVisible((v) => nextTopBarVisible(v, lastY.current, y));
        lastY.current = y;
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
