// The frame of one page (Layout keys it by path): it fades in by CSS as it mounts, and the page
// it held fades out as it leaves (page-ghost.ts). The first page, drawn behind the server's first
// screen, does not fade: it takes that screen's place as it is (first-screen.ts).
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isTakingOver } from './first-screen';
import type * as PageGhost from './page-ghost';

// The fade-out's code is not needed for the first page: it comes once that page is shown. Until
// then (the first moments of a visit) a page change only fades in.
let pageGhost: typeof PageGhost | null = null;

function loadPageGhost(): void {
  if (pageGhost) return;
  import(/* webpackChunkName: "page-ghost" */ './page-ghost')
    .then((module) => {
      pageGhost = module;
    })
    .catch(() => undefined); // No fade-out then; the pages are unaffected.
}

export function PageFrame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [fades] = useState(() => !isTakingOver());

  useEffect(loadPageGhost, []);

  // A layout effect's cleanup runs while the leaving page is still in the document.
  useLayoutEffect(() => {
    const page = frame.current;
    return () => {
      if (page) pageGhost?.fadeOutPage(page);
    };
  }, []);

  return (
    <div ref={frame} className={fades ? 'page-fade' : 'page-fade page-fade--still'}>
      {children}
    </div>
  );
}
