// What a My account panel shows while its request has nothing to show yet: the error with Retry
// when it failed, else the grey lines of what is coming.
import type { UnknownAction } from '@reduxjs/toolkit';
import { ErrorState } from '../../../components/Status';
import { useAppDispatch } from '../../../state/store-hooks';
import type { RequestStatus } from '../../../state/status';

interface PanelPlaceholderProps {
  /** The panel's request. */
  request: { status: RequestStatus };
  /** What it shows when the request failed. */
  message: string;
  /** The request again, for Retry. */
  retry: () => UnknownAction;
  /** The panel ends with a button: its skeleton shows one. */
  button?: boolean;
}

export function PanelPlaceholder({ request, message, retry, button = false }: PanelPlaceholderProps) {
  const dispatch = useAppDispatch();
  if (request.status === 'failed') return <ErrorState message={message} onRetry={() => dispatch(retry())} />;
  return (
    <div className="account-skeleton" aria-hidden="true">
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
      {button && <span className="skeleton skeleton--button" />}
    </div>
  );
}
