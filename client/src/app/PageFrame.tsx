// The frame of one page (Layout keys it by path): it fades in by CSS as it mounts, and the page
// it held fades out as it leaves (page-ghost.ts).
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { fadeOutPage } from './page-ghost';

export function PageFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);

  // A layout effect's cleanup runs while the leaving page is still in the document.
  useLayoutEffect(() => {
    const page = frame.current;
    return () => {
      if (page) fadeOutPage(page);
    };
  }, []);

  return (
    <div ref={frame} className="page-fade">
      {children}
    </div>
  );
}
