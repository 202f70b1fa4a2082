// The upgrade overlay ('Choose your plan'): the editors' words, then the same plan toggle and
// cards as the upgrade page.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectUpgrade, upgradePageRequested } from '../slice';
import { PlanChooser } from './PlanChooser';
import '../upgrade.css';

const DEFAULT_TEXT =
  'Go Pro: lessons and programs by master players, unlimited puzzles in the apps and every documentary.';

export function UpgradeOverlayContent() {
  const dispatch = useAppDispatch();
  const { data: page, status: pageStatus } = useAppSelector(selectUpgrade).page;

  useEffect(() => {
    if (pageStatus === 'idle') dispatch(upgradePageRequested());
  }, [dispatch, pageStatus]);

  return (
    <div className="modal__content">
      <p>{page?.popup_text ?? DEFAULT_TEXT}</p>
      <PlanChooser />
    </div>
  );
}
