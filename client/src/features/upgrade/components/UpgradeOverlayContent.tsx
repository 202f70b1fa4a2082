// The upgrade overlay ('Choose your plan'): the same plan toggle and cards as the upgrade page.
import { PlanChooser } from './PlanChooser';
import '../upgrade.css';

export function UpgradeOverlayContent() {
  return (
    <div className="modal__content">
      <p>Go Pro: lessons and programs by master players, unlimited puzzles in the apps and every documentary.</p>
      <PlanChooser />
    </div>
  );
}
