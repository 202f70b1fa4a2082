// A row of buttons offering a choice, the chosen one pressed: a filter's criteria, the plans'
// billing periods. Its classes are named after the block it stands in (`plans__choices` for the
// row, `plans__choice` for each button).
import type { ReactNode } from 'react';

interface ChoiceButtonsProps<Key extends string, Choice extends { key: Key; label: string }> {
  block: string;
  /** What the row chooses, for assistive technology. */
  label: string;
  choices: readonly Choice[];
  chosen: Key | null;
  onChoose: (key: Key) => void;
  /** What a button shows after its label. */
  after?: (choice: Choice) => ReactNode;
}

export function ChoiceButtons<Key extends string, Choice extends { key: Key; label: string }>({
  block,
  label,
  choices,
  chosen,
  onChoose,
  after,
}: ChoiceButtonsProps<Key, Choice>) {
  return (
    <div className={`${block}__choices`} role="group" aria-label={label}>
      {choices.map((choice) => (
        <button
          key={choice.key}
          type="button"
          className={`${block}__choice`}
          aria-pressed={chosen === choice.key}
          onClick={() => onChoose(choice.key)}
        >
          {choice.label}
          {after?.(choice)}
        </button>
      ))}
    </div>
  );
}
