// The main menu: its overlay's code is not part of the first load; the browser fetches it when
// idle after the page has loaded, so that the first tap on Menu finds it there.
import { lazy, Suspense } from 'react';

const MenuOverlay = lazy(async () => ({
  default: (await import(/* webpackChunkName: "main-menu", webpackPrefetch: true */ './MenuOverlay')).MenuOverlay,
}));

export function MainMenu({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <MenuOverlay onClose={onClose} />
    </Suspense>
  );
}
