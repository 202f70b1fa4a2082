// Cookie consent: what a choice stores, when it reloads, and when the banner shows.
import { makeStore } from './store';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { flush } from '../test/api-stub';
import { consentChosen, consentSlice, initialConsentState, mediaAllowed, needsReload } from '../state/consent-slice';

describe('cookie consent', () => {
  it.each([
    [null, true, true],
    [null, false, false],
    [{ statistics: false, media: false }, true, true],
    [{ statistics: true, media: true }, false, true],
    [{ statistics: true, media: true }, true, false],
    [{ statistics: false, media: true }, false, false],
  ])('previous %p, accept=%p -> reload %p', (previous, accept, reload) => {
    expect(needsReload(previous, { statistics: accept, media: accept })).toBe(reload);
  });

  it('accepting for the first time stores both categories and reloads', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore();

    store.dispatch(consentChosen(true));
    await flush();

    expect(storage.readConsent()).toEqual({ statistics: true, media: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('declining for the first time stores the choice and only hides the banner', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore({ consent: { choice: null, bannerVisible: true } });

    store.dispatch(consentChosen(false));
    await flush();

    expect(storage.readConsent()).toEqual({ statistics: false, media: false });
    expect(store.getState().consent.bannerVisible).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('allowing media from a player keeps statistics and does not reload', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const store = makeStore({ consent: initialConsentState({ statistics: false, media: false }) });

    store.dispatch(mediaAllowed());
    await flush();

    expect(store.getState().consent.choice).toEqual({ statistics: false, media: true });
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the banner only while no choice is stored', () => {
    expect(consentSlice.reducer(initialConsentState(null), { type: 'consent/bannerShown' }).bannerVisible).toBe(true);
    expect(
      consentSlice.reducer(initialConsentState({ statistics: true, media: true }), { type: 'consent/bannerShown' })
        .bannerVisible,
    ).toBe(false);
  });
});
