// The headings and introductions of the list pages (lessons, articles, programs), as editors
// wrote them (GET /cms/list-page): loaded once, by whichever of those pages opens first.
import type { ListPage } from '../api/contract';
import { requestSlice, requestState, type RequestState } from './request';

export type ListTextsState = RequestState<ListPage>;

export const initialListTextsState: ListTextsState = requestState();

export const listTextsSlice = requestSlice('listTexts', 'listTexts', initialListTextsState);

export const { listTextsRequested, listTextsLoaded, listTextsFailed } = listTextsSlice.actions;

export const selectListTexts = (state: { listTexts: ListTextsState }) => state.listTexts;
