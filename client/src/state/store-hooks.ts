// The react-redux hooks as screens use them. Each selector names the part of the state it reads
// (`(state: { footer: FooterState }) => ...`), so these need no RootState from app/: shared code
// and features never depend on the composition root.
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/** The store's dispatch: plain actions only (side effects live in sagas; there are no thunks). */
export const useAppDispatch = useDispatch.withTypes<Dispatch<UnknownAction>>();
export const useAppSelector = useSelector;
