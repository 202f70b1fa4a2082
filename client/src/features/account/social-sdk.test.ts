// The social SDKs: loaded only when asked, each giving its credential (loader injected, no network).
import { SDK_URLS, socialSdk } from './social-sdk';
import { spyOnNavigationEachTest } from './account-test-support';

spyOnNavigationEachTest();

describe('social SDKs (loader injected, no network)', () => {
  afterEach(() => {
    delete window.FB;
    delete window.google;
    delete window.AppleID;
  });

  it('loads the Facebook SDK only when asked, then logs in for an access token', async () => {
    const loaded: string[] = [];
    jest.spyOn(socialSdk, 'loadScript').mockImplementation((src) => {
      loaded.push(src);
      window.FB = { init: jest.fn(), login: (callback) => callback({ authResponse: { accessToken: 'fb-token' } }) };
      return Promise.resolve();
    });

    await expect(
      socialSdk.credential('facebook', { facebook: { app_id: 'app' }, google: null, apple: null }),
    ).resolves.toBe('fb-token');
    expect(loaded).toEqual([SDK_URLS.facebook]);
    expect(window.FB!.init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'app' }));
  });

  it('gets a Google id_token, and a skipped prompt is a canceled sign-in', async () => {
    let prompt: 'credential' | 'skip' = 'credential';
    jest.spyOn(socialSdk, 'loadScript').mockImplementation(() => {
      let callback: (answer: { credential?: string }) => void = () => undefined;
      window.google = {
        accounts: {
          id: {
            initialize: (options) => {
              callback = options.callback;
            },
            prompt: (listener) =>
              prompt === 'credential'
                ? callback({ credential: 'id-token' })
                : listener?.({ isSkippedMoment: () => true }),
          },
        },
      };
      return Promise.resolve();
    });
    const providers = { facebook: null, google: { client_id: 'g' }, apple: null };

    await expect(socialSdk.credential('google', providers)).resolves.toBe('id-token');
    prompt = 'skip';
    await expect(socialSdk.credential('google', providers)).rejects.toThrow('Google sign-in was canceled.');
  });

  it('gets an Apple authorization code', async () => {
    jest.spyOn(socialSdk, 'loadScript').mockImplementation(() => {
      window.AppleID = {
        auth: { init: jest.fn(), signIn: () => Promise.resolve({ authorization: { code: 'apple-code' } }) },
      };
      return Promise.resolve();
    });

    await expect(
      socialSdk.credential('apple', { facebook: null, google: null, apple: { client_id: 'a', redirect_uri: null } }),
    ).resolves.toBe('apple-code');
    expect(window.AppleID!.auth.init).toHaveBeenCalledWith(expect.objectContaining({ clientId: 'a', usePopup: true }));
  });

  it('a provider that is off or a script that fails to load is unavailable', async () => {
    jest.spyOn(socialSdk, 'loadScript').mockRejectedValue(new Error('offline'));

    await expect(socialSdk.credential('apple', { facebook: null, google: null, apple: null })).rejects.toThrow(
      'Apple sign-in is unavailable at the moment.',
    );
    await expect(
      socialSdk.credential('facebook', { facebook: { app_id: 'x' }, google: null, apple: null }),
    ).rejects.toThrow('Facebook sign-in is unavailable at the moment.');
  });
});
