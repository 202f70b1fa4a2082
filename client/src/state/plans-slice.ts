// The Pro plans (GET /subscriptions/plans?platform=web): asked for by whichever screen names them
// first (the plan chooser, a locked item's page) and kept for the others.
import type { Plan } from '../api/contract';
import { requestSlice, requestState, type RequestState } from './request';

export type PlansState = RequestState<Plan[]>;

export const initialPlansState: PlansState = requestState();

export const plansSlice = requestSlice('plans', 'plans', initialPlansState);

export const { plansRequested, plansLoaded, plansFailed } = plansSlice.actions;

export const selectPlans = (state: { plans: PlansState }) => state.plans;
