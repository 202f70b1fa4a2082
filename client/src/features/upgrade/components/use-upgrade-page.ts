// The upgrade page's editors' words, for the places that show a part of them (the overlay, the
// welcome page): asked for once, unless already there or on their way.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectUpgrade, upgradeActions } from '../slice';

export function useUpgradePage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectUpgrade).page;

  useEffect(() => {
    if (status === 'idle') dispatch(upgradeActions.upgradePageRequested());
  }, [dispatch, status]);

  return data;
}
