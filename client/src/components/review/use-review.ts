// A signed-in member's review summary (GET /content/review), for the pages that show what is due:
// /review, home's card and a program chapter's lines to drill. Read afresh where it is shown, as
// what is due changes by the minute; a guest asks nothing.
import { useCallback, useEffect, useState } from 'react';
import type { ReviewSummary } from '../../api/contract';
import { api } from '../../api/endpoints';

export interface ReviewRequest {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The last answer, kept while it is asked again. */
  data: ReviewSummary | null;
  reload: () => void;
}

interface Answer {
  /** Which asking it answers. */
  asked: number;
  status: 'succeeded' | 'failed';
  data: ReviewSummary | null;
}

export function useReviewSummary(member: boolean): ReviewRequest {
  const [asked, setAsked] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!member) return undefined;
    let live = true;
    api.review().then(
      (data) => live && setAnswer({ asked, status: 'succeeded', data }),
      (error: unknown) => {
        console.warn('Review not loaded', error);
        if (live) setAnswer({ asked, status: 'failed', data: null });
      },
    );
    return () => {
      live = false;
    };
  }, [member, asked]);
  const reload = useCallback(() => setAsked((count) => count + 1), []);
  if (!member) return { status: 'idle', data: null, reload };
  const status = answer?.asked === asked ? answer.status : 'loading';
  return { status, data: answer?.data ?? null, reload };
}
