// The button that opens and closes a panel it controls (Filter, Sort, a chapter's Playlist): its
// state told to assistive technology (aria-expanded, aria-controls).
import type { ReactNode, Ref } from 'react';

interface ControlButtonProps {
  /** The id of the panel it opens. */
  controls: string;
  open: boolean;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

export function ControlButton({ controls, open, onToggle, buttonRef, children }: ControlButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="control-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
