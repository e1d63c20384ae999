import { useEffect, useState } from 'react';

// False in a component's first render, true once the browser has painted it: a page shows its
// text in the first frame after its data arrives and draws what is costly (the Gantt chart's
// SVG, the queue's rows below the fold) in the next task (webui/BENCH.md "Largest Contentful
// Paint"). rAF runs just before the next paint; a timeout set there runs after it.
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
