// The upgrade overlay ('Choose your plan'): the editors' words, then the same plan toggle and
// cards as the upgrade page.
import { useUpgradePage } from './use-upgrade-page';
import { PlanChooser } from './PlanChooser';
import '../upgrade.css';

const DEFAULT_TEXT = 'Go Pro: lessons and programs by master players, unlimited rated puzzles and every documentary.';

export function UpgradeOverlayContent() {
  const page = useUpgradePage();

  return (
    <div className="modal__content">
      <p>{page?.popup_text ?? DEFAULT_TEXT}</p>
      <PlanChooser />
    </div>
  );
}
