// Loading, error, failed-list and empty-list states shared by the screens.
import { PageLoader } from './PageLoader';

export function Loading({ label = 'Loading…', inline = false }: { label?: string; inline?: boolean }) {
  return <PageLoader label={label} inline={inline} />;
}

export function ErrorMessage({ children }: { children: string }) {
  return (
    <p className="error-message" role="alert">
      {children}
    </p>
  );
}

/** A list that could not load: what went wrong and a Retry button that asks again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="list-state list-state--error">
      <ErrorMessage>{message}</ErrorMessage>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A list with nothing to show, and what the person can do about it (Reset the filters, say). */
export function EmptyState({ message, action }: { message: string; action?: { label: string; onClick: () => void } }) {
  return (
    <div className="list-state" role="status">
      <p className="list-state__message">{message}</p>
      {action && (
        <button type="button" className="button button--secondary" onClick={action.onClick}>
          {action.label}
        </button>
      )}
    </div>
  );
}
