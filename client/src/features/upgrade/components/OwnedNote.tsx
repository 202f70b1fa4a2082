// Above the plans, for a member who bought items on their own: what they keep, and what Pro adds.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { selectUpgrade, upgradeActions } from '../slice';

/** 'You own 30 days of tactics and The Silent Clock. Pro adds …'; null when nothing is owned. */
export function ownedText(titles: readonly string[]): string | null {
  if (titles.length === 0) return null;
  const named = titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
  return `You own ${named}, and keep ${titles.length === 1 ? 'it' : 'them'} whatever you choose. Pro adds every other lesson, program, documentary and masterclass episode, and unlimited puzzles.`;
}

export function OwnedNote() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data, status } = useAppSelector(selectUpgrade).owned;
  useEffect(() => {
    if (signedIn && status === 'idle') dispatch(upgradeActions.ownedRequested());
  }, [dispatch, signedIn, status]);
  const text = signedIn ? ownedText((data ?? []).map((item) => item.title ?? 'an item')) : null;
  return text ? <p className="owned-note">{text}</p> : null;
}
