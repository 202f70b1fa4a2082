// A full-screen overlay (dialog): focus moves in and is trapped while open, Escape closes it,
// and focus returns to where it was when it closes.
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import './overlay.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface OverlayProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Hide the title visually (menus), keeping it as the dialog's name. */
  hideTitle?: boolean;
}

export function Overlay({ title, onClose, children, className = '', hideTitle = false }: OverlayProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  // Before the first paint, not after it (Preact runs a plain effect a frame later): the dialog
  // never shows without its focus inside and its Escape and Tab handling ready.
  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = dialog.current;
    const first = node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    document.body.classList.add('has-overlay');

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || !node.contains(document.activeElement))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (document.activeElement === lastItem || !node.contains(document.activeElement))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('has-overlay');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  return (
    <div
      className={`overlay ${className}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      ref={dialog}
      tabIndex={-1}
    >
      <div className="overlay__bar">
        <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'overlay__title'}>
          {title}
        </h2>
        <button type="button" className="close-button overlay__close" onClick={onClose} aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="overlay__body">{children}</div>
    </div>
  );
}
