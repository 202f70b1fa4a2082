// Back from the payment provider with ?session_id=...: 'Processing your request' while the
// payment is confirmed, then on to where the saga says; without a session id, home.
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { PayloadActionCreator } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectUpgrade } from '../slice';
import { Processing } from './Processing';

interface PaymentReturnProps {
  returned: PayloadActionCreator<string>;
  /** What shows when the payment could not be confirmed: what happened, and a clear way on. */
  failure: { title: string; note?: string; back: { to: string; label: string } };
}

export function PaymentReturn({ returned, failure }: PaymentReturnProps) {
  const dispatch = useAppDispatch();
  const sessionId = useSearchParams()[0].get('session_id');
  const confirmation = useAppSelector(selectUpgrade).confirmation;

  useEffect(() => {
    if (sessionId) dispatch(returned(sessionId));
  }, [dispatch, returned, sessionId]);

  if (!sessionId) return <Navigate to="/home" replace />;
  // What the store says about an earlier payment does not count.
  const current = confirmation.sessionId === sessionId;
  if (current && confirmation.status === 'succeeded' && confirmation.next) {
    return <Navigate to={confirmation.next} replace />;
  }
  if (current && confirmation.status === 'failed') {
    return (
      <div className="payment-failed">
        <h1 className="page__title">{failure.title}</h1>
        {failure.note && <p>{failure.note}</p>}
        <Link className="button" to={failure.back.to}>
          {failure.back.label}
        </Link>
      </div>
    );
  }
  return <Processing />;
}
