// Toasts from the store, announced to screen readers; each closes itself (toast saga).
import { selectToasts, toastClosed } from '../session/toast-slice';
import { useAppDispatch, useAppSelector } from '../lib/hooks';

export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  return (
    <div className="toaster" aria-live="polite" role="status">
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
