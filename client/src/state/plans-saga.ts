// Loads the Pro plans; a failure is toasted (the plans are what the visitor came to choose).
import { api } from '../api/endpoints';
import { failedWithToast, takeRequest } from './request';
import { plansFailed, plansLoaded, plansRequested } from './plans-slice';

export function* plansSaga() {
  yield takeRequest(plansRequested, {
    what: 'Plans',
    fetch: () => api.plans(),
    loaded: (plans) => plansLoaded(plans ?? []),
    failed: failedWithToast(plansFailed, 'plans'),
    take: 'leading',
  });
}
