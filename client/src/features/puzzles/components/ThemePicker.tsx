// The theme the next puzzles are of: every theme the BFF has puzzles of, the most common first.
import { useId } from 'react';
import type { PuzzleThemeCount } from '../../../api/contract';

export function ThemePicker({
  themes,
  value,
  onChange,
}: {
  themes: PuzzleThemeCount[];
  value: string | null;
  onChange: (theme: string | null) => void;
}) {
  const id = useId();
  // A theme asked for by a link (a lesson's) is offered even before the list arrives.
  const known = value === null || themes.some((theme) => theme.theme === value);
  return (
    <div className="theme-picker">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        className="theme-picker__select"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Any theme: puzzles near your rating</option>
        {!known && value && <option value={value}>{value}</option>}
        {themes.map((theme) => (
          <option key={theme.theme} value={theme.theme}>
            {theme.name} ({theme.count})
          </option>
        ))}
      </select>
    </div>
  );
}
