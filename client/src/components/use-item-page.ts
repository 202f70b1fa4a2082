// The two things every detail page does with the item it is about (a video, a program, a
// chapter, an article): ask for it whenever the address names another, and take the page's
// title and description from it once it is there.
import type { UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../state/store-hooks';
import { applySeo, type PageSeo } from '../lib/seo';

export function useItemPage(requested: (id: string) => UnknownAction, id: string, head: PageSeo | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(requested(id));
  }, [dispatch, requested, id]);

  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title !== undefined && description !== undefined) applySeo({ title, description });
  }, [title, description]);
}
