// Session events that content features react to (reloading what depends on the viewer).
import { createAction } from '@reduxjs/toolkit';

export const subscriptionChanged = createAction('auth/subscriptionChanged');
/** The member turned the newsletter on or off (My account): the footer asks again. */
export const newsletterChanged = createAction('auth/newsletterChanged');
