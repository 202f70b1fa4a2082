// Toasts from the store, announced to screen readers; each closes itself (toast saga). Above them,
// while loads have failed offline, one notice with Retry (state/offline-slice.ts).
import { selectToasts, toastClosed } from '../state/toast-slice';
import { OFFLINE_MESSAGE, offlineRetryAsked, selectOfflineFailures } from '../state/offline-slice';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const offline = useAppSelector(selectOfflineFailures).length > 0;
  const dispatch = useAppDispatch();
  return (
    <div className="toaster" aria-live="polite" role="status">
      {offline && (
        <div className="toast toast--error toast--offline">
          <p>{OFFLINE_MESSAGE}</p>
          <button type="button" className="toast__retry" onClick={() => dispatch(offlineRetryAsked())}>
            Retry
          </button>
        </div>
      )}
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`}>
          <p>{toast.message}</p>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => dispatch(toastClosed(toast.id))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
