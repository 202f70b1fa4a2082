// The providers' official web SDKs, loaded only when their button is used, each giving the
// credential its sign-in call takes: Facebook an access token, Google an id_token, Apple a code.
// `socialSdk.loadScript` is the one way scripts get in, so tests replace it (no network). The
// module itself loads with the first use of a provider's button (sagas.ts).
import type { SocialProviders } from '../../api/contract';
import type { SocialProvider } from '../../api/sign-in';
import { SocialSignInError } from './social-error';

export const SDK_URLS: Record<SocialProvider, string> = {
  facebook: 'https://connect.facebook.net/en_US/sdk.js',
  google: 'https://accounts.google.com/gsi/client',
  apple: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
};

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(
    callback: (answer: { authResponse?: { accessToken?: string } | null }) => void,
    options: { scope: string },
  ): void;
}

interface GoogleMoment {
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
}

interface GoogleSdk {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (answer: { credential?: string }) => void;
        cancel_on_tap_outside?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      prompt(listener?: (moment: GoogleMoment) => void): void;
    };
  };
}

interface AppleSdk {
  auth: {
    init(options: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<{ authorization?: { code?: string } }>;
  };
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    google?: GoogleSdk;
    AppleID?: AppleSdk;
  }
}

const NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google', apple: 'Apple' };
const canceled = (provider: SocialProvider) => new SocialSignInError(`${NAMES[provider]} sign-in was canceled.`);
const unavailable = (provider: SocialProvider) =>
  new SocialSignInError(`${NAMES[provider]} sign-in is unavailable at the moment.`);

/** Adds a script to the page once; resolves when it has loaded. */
export function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing?.dataset.loaded) return resolve();
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
  });
}

async function load<T>(provider: SocialProvider, sdk: () => T | undefined): Promise<T> {
  try {
    await socialSdk.loadScript(SDK_URLS[provider]);
  } catch {
    throw unavailable(provider);
  }
  const loaded = sdk();
  if (!loaded) throw unavailable(provider);
  return loaded;
}

async function facebookToken(appId: string): Promise<string> {
  const FB = await load('facebook', () => window.FB);
  FB.init({ appId, version: 'v21.0', cookie: false, xfbml: false });
  return new Promise((resolve, reject) => {
    FB.login(
      (answer) => {
        const token = answer.authResponse?.accessToken;
        if (token) resolve(token);
        else reject(canceled('facebook'));
      },
      { scope: 'public_profile,email' },
    );
  });
}

async function googleIdToken(clientId: string): Promise<string> {
  const google = await load('google', () => window.google);
  return new Promise((resolve, reject) => {
    google.accounts.id.initialize({
      client_id: clientId,
      callback: (answer) => (answer.credential ? resolve(answer.credential) : reject(canceled('google'))),
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
    });
    google.accounts.id.prompt((moment) => {
      const dismissed = moment.isDismissedMoment?.() && moment.getDismissedReason?.() !== 'credential_returned';
      if (moment.isSkippedMoment?.() || dismissed) reject(canceled('google'));
    });
  });
}

async function appleCode(clientId: string, redirectUri: string | null | undefined): Promise<string> {
  const AppleID = await load('apple', () => window.AppleID);
  AppleID.auth.init({
    clientId,
    scope: 'name email',
    redirectURI: redirectUri || `${window.location.origin}/login`,
    usePopup: true,
  });
  const answer = await AppleID.auth.signIn().catch(() => {
    throw canceled('apple');
  });
  const code = answer.authorization?.code;
  if (!code) throw canceled('apple');
  return code;
}

export const socialSdk = {
  loadScript: injectScript,
  /** The provider's credential for this person, from its own sign-in window. */
  credential: (provider: SocialProvider, providers: Pick<SocialProviders, SocialProvider>): Promise<string> => {
    if (provider === 'facebook' && providers.facebook) return facebookToken(providers.facebook.app_id);
    if (provider === 'google' && providers.google) return googleIdToken(providers.google.client_id);
    if (provider === 'apple' && providers.apple) {
      return appleCode(providers.apple.client_id, providers.apple.redirect_uri);
    }
    return Promise.reject(unavailable(provider));
  },
};
