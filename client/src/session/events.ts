// Session events that content features react to (reloading what depends on the viewer).
import { createAction } from '@reduxjs/toolkit';

export const subscriptionChanged = createAction('auth/subscriptionChanged');
