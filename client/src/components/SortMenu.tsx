// The Sort button and its menu: choosing an option applies it and closes the menu; a click
// outside or Escape closes it too.
import { useEffect, useRef, useState } from 'react';
import { SORT_OPTIONS, type SortOption } from '../lib/constants';
import './list-controls.css';
import { ControlButton } from './ControlButton';

interface SortMenuProps {
  value: SortOption['key'];
  onChange: (key: SortOption['key']) => void;
}

export function SortMenu({ value, onChange }: SortMenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    function onPointer(event: MouseEvent | TouchEvent) {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') setOpen(false);
    }
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="sort" ref={root}>
      <ControlButton controls="sort-menu" open={open} onToggle={() => setOpen(!open)}>
        Sort
      </ControlButton>
      {open && (
        <ul id="sort-menu" className="sort__menu" aria-label="Sort by">
          {SORT_OPTIONS.map((option) => (
            <li key={option.key}>
              <button
                type="button"
                className="sort__option"
                aria-pressed={option.key === value}
                onClick={() => {
                  setOpen(false);
                  onChange(option.key);
                }}
              >
                {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
