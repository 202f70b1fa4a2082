// What a My account panel shows while its request has nothing to show yet: the error with Retry
// when it failed, else the grey lines of what is coming.
import { ErrorState } from '../../../components/Status';

interface PanelPlaceholderProps {
  failed: boolean;
  message: string;
  onRetry: () => void;
  /** The panel ends with a button: its skeleton shows one. */
  button?: boolean;
}

export function PanelPlaceholder({ failed, message, onRetry, button = false }: PanelPlaceholderProps) {
  if (failed) return <ErrorState message={message} onRetry={onRetry} />;
  return (
    <div className="account-skeleton" aria-hidden="true">
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
      {button && <span className="skeleton skeleton--button" />}
    </div>
  );
}
