// Toasts on screen; each closes by itself after TOAST_MS (toast saga) or on its close button.
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { resolveMessage, type ToastRequest, type ToastType } from './messages';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
}

export interface ToastState {
  items: Toast[];
}

const initialToastState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: initialToastState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(request: ToastRequest) {
        return {
          payload: { id: nanoid(), type: request.type, message: resolveMessage(request) },
        };
      },
    },
    toastClosed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
export const selectToasts = (state: { toasts: ToastState }) => state.toasts.items;
