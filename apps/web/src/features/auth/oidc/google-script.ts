/** Google Identity Services, the parts we use (https://accounts.google.com/gsi/client). */
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        nonce?: string;
        ux_mode?: 'popup' | 'redirect';
        auto_select?: boolean;
        itp_support?: boolean;
        use_fedcm_for_button?: boolean;
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard' | 'icon';
          theme?: 'outline' | 'filled_blue' | 'filled_black';
          size?: 'large' | 'medium' | 'small';
          text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
          shape?: 'rectangular' | 'pill';
          width?: number;
          logo_alignment?: 'left' | 'center';
        },
      ): void;
      cancel(): void;
    };
    oauth2: {
      initCodeClient(options: {
        client_id: string;
        scope: string;
        ux_mode: 'popup' | 'redirect';
        state?: string;
        select_account?: boolean;
        callback: (response: { code?: string; state?: string; error?: string; error_description?: string }) => void;
        error_callback?: (error: { type: string; message?: string }) => void;
      }): { requestCode(): void };
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** Past this the script counts as unreachable (offline, blocked): the button says so instead of waiting. */
export const GOOGLE_SCRIPT_TIMEOUT_MS = 10_000;

let loading: Promise<GoogleIdentity> | undefined;

/** Loads Google's sign-in client once per page; a failed load can be tried again later. */
export function loadGoogleScript(timeoutMs = GOOGLE_SCRIPT_TIMEOUT_MS): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  if (loading) return loading;
  const attempt = new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    const timer = window.setTimeout(() => fail(new Error('timeout')), timeoutMs);
    function fail(error: Error) {
      window.clearTimeout(timer);
      script.remove();
      reject(error);
    }
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.google?.accounts?.id) resolve(window.google);
      else fail(new Error('the script loaded without google.accounts'));
    };
    script.onerror = () => fail(new Error('the script could not be loaded'));
    document.head.appendChild(script);
  });
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = undefined;
  });
  return attempt;
}
