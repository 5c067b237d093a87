import type { OidcConfig } from '@candor/contracts';
import { useQuery } from '@tanstack/react-query';
import KeyRound from 'lucide-react/icons/key-round';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { type GoogleIdentity, loadGoogleScript } from '../oidc/google-script';
import { oidcConfigQueryOptions, providerLabel, startOidc, useOidcSignin } from '../oidc/oidc.api';
import { buildAuthorizationUrl, SCOPES } from '../oidc/redirect-flow';
import type { AuthSearch } from '../search';

type ScriptState = 'idle' | 'loading' | 'ready' | 'failed';

/** Google's "G", in its brand colours. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.81z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.91l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.78-2.11-6.72-4.95H1.27v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.28 14.28a7.2 7.2 0 0 1 0-4.56v-3.1H1.27a12 12 0 0 0 0 10.76l4.01-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.35.61 4.6 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.27 6.62l4.01 3.1C6.22 6.88 8.87 4.77 12 4.77z"
      />
    </svg>
  );
}

/** "or" between the provider button and the e-mail form. */
function Divider() {
  return (
    <div className="my-6 flex items-center gap-3 text-muted-foreground text-xs uppercase tracking-wide">
      <span className="h-px flex-1 bg-border" />
      or use your e-mail
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * "Continue with Google" (or with any other OpenID provider the server is configured for). Google runs through
 * its own sign-in client script; other providers through a redirect to their authorization endpoint and back to
 * /auth/oidc-callback. When the provider is off or unreachable the button stays, disabled, and says why.
 */
export function OidcButton({ search, onSignedIn }: { search: AuthSearch; onSignedIn: () => Promise<void> }) {
  const config = useQuery(oidcConfigQueryOptions());
  const statusId = useId();
  const [error, setError] = useState<string | null>(null);

  const data = config.data;
  const label = data ? providerLabel(data) : 'Google';
  const google = Boolean(data?.enabled && data.is_google);

  let body: ReactNode;
  let status: string | null = null;
  if (config.isPending) {
    body = <ProviderButton label={label} google disabled pending />;
  } else if (!data) {
    body = <ProviderButton label={label} google disabled describedBy={statusId} />;
    status = 'Sign-in with Google is unavailable right now: the server could not be reached.';
  } else if (!data.enabled || !data.client_id) {
    body = <ProviderButton label={label} google={data.is_google} disabled describedBy={statusId} />;
    status = `Sign-in with ${label} is not configured on this server.`;
  } else if (google) {
    body = (
      <GoogleSignin
        config={data as OidcConfig & { client_id: string }}
        onSignedIn={onSignedIn}
        onError={setError}
        statusId={statusId}
      />
    );
  } else if (!data.authorization_endpoint) {
    body = <ProviderButton label={label} google={false} disabled describedBy={statusId} />;
    status = `${label} cannot be reached right now. Try again later, or use your e-mail and password.`;
  } else {
    body = (
      <RedirectSignin
        config={data as OidcConfig & { client_id: string; authorization_endpoint: string }}
        label={label}
        search={search}
        onError={setError}
      />
    );
  }

  return (
    <div className="grid gap-2" data-testid="oidc-signin">
      {body}
      {status && (
        <p id={statusId} className="text-center text-muted-foreground text-xs">
          {status}
        </p>
      )}
      {error && (
        <p role="alert" className="text-center text-destructive text-sm">
          {error}
        </p>
      )}
      <Divider />
    </div>
  );
}

function ProviderButton({
  label,
  google,
  disabled,
  pending,
  describedBy,
  onClick,
}: {
  label: string;
  google: boolean;
  disabled?: boolean;
  pending?: boolean;
  describedBy?: string;
  onClick?: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      disabled={disabled || pending}
      aria-busy={pending}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {pending ? <Spinner /> : google ? <GoogleMark /> : <KeyRound aria-hidden="true" />}
      Continue with {label}
    </Button>
  );
}

/** Loads Google's script only when this button is on screen; offline it reports failure instead of hanging. */
function useGoogleScript(): [ScriptState, GoogleIdentity | null] {
  const [state, setState] = useState<ScriptState>('idle');
  const [identity, setIdentity] = useState<GoogleIdentity | null>(null);
  useEffect(() => {
    let live = true;
    setState('loading');
    loadGoogleScript().then(
      (g) => {
        if (!live) return;
        setIdentity(g);
        setState('ready');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return [state, identity];
}

function GoogleSignin({
  config,
  onSignedIn,
  onError,
  statusId,
}: {
  config: OidcConfig & { client_id: string };
  onSignedIn: () => Promise<void>;
  onError: (message: string | null) => void;
  statusId: string;
}) {
  const [script, google] = useGoogleScript();
  const signin = useOidcSignin();
  const { mutateAsync } = signin;
  const [busy, setBusy] = useState(false);

  const finish = useCallback(
    async (input: Parameters<typeof mutateAsync>[0]) => {
      onError(null);
      setBusy(true);
      try {
        await mutateAsync(input);
        await onSignedIn();
      } catch (error) {
        onError(getErrorMessage(error));
      } finally {
        setBusy(false);
      }
    },
    [mutateAsync, onSignedIn, onError],
  );

  if (script === 'failed') {
    return (
      <>
        <ProviderButton label="Google" google disabled describedBy={statusId} />
        <p id={statusId} className="text-center text-muted-foreground text-xs">
          Google sign-in could not be loaded (are you offline?). You can still use your e-mail and password.
        </p>
      </>
    );
  }
  if (script !== 'ready' || !google) return <ProviderButton label="Google" google disabled pending />;
  return config.flow === 'implicit' ? (
    <GoogleIdButton google={google} clientId={config.client_id} busy={busy} onCredential={finish} onError={onError} />
  ) : (
    <GoogleCodeButton google={google} clientId={config.client_id} busy={busy} onCode={finish} onError={onError} />
  );
}

/** Implicit flow: Google's own button hands back an ID token that carries our nonce. */
function GoogleIdButton({
  google,
  clientId,
  busy,
  onCredential,
  onError,
}: {
  google: GoogleIdentity;
  clientId: string;
  busy: boolean;
  onCredential: (input: { id_token: string }) => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [rendered, setRendered] = useState(false);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    let live = true;
    startOidc().then(
      ({ nonce }) => {
        const parent = container.current;
        if (!live || !parent) return;
        google.accounts.id.initialize({
          client_id: clientId,
          nonce,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) void callback.current({ id_token: response.credential });
          },
        });
        google.accounts.id.renderButton(parent, {
          type: 'standard',
          theme: isDark() ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, parent.clientWidth)),
        });
        setRendered(true);
      },
      (error) => live && onError(getErrorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [google, clientId, onError]);

  return (
    <div className="relative min-h-10" aria-busy={busy || !rendered}>
      <div ref={container} className="flex justify-center" />
      {(!rendered || busy) && (
        <div className="absolute inset-0">
          <ProviderButton label="Google" google disabled pending />
        </div>
      )}
    </div>
  );
}

/** Code flow: Google's popup hands back an authorization code, which the server exchanges with the secret. */
function GoogleCodeButton({
  google,
  clientId,
  busy,
  onCode,
  onError,
}: {
  google: GoogleIdentity;
  clientId: string;
  busy: boolean;
  onCode: (input: { code: string; redirect_uri: string }) => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const [client, setClient] = useState<{ requestCode(): void } | null>(null);
  const callback = useRef(onCode);
  callback.current = onCode;

  useEffect(() => {
    let live = true;
    // The popup must open inside the click, so the nonce cookie and state are prepared beforehand.
    startOidc().then(
      ({ state }) => {
        if (!live) return;
        setClient(
          google.accounts.oauth2.initCodeClient({
            client_id: clientId,
            scope: SCOPES,
            ux_mode: 'popup',
            state,
            callback: (response) => {
              if (response.error || !response.code) {
                onError(
                  response.error === 'access_denied'
                    ? 'Sign-in with Google was cancelled.'
                    : 'Sign-in with Google failed. Try again.',
                );
                return;
              }
              if (response.state !== state) {
                onError('Sign-in with Google failed. Try again.');
                return;
              }
              void callback.current({ code: response.code, redirect_uri: 'postmessage' });
            },
            error_callback: (error) => {
              if (error.type !== 'popup_closed') onError('The Google sign-in window could not be opened.');
            },
          }),
        );
      },
      (error) => live && onError(getErrorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [google, clientId, onError]);

  return <ProviderButton label="Google" google pending={busy || !client} onClick={() => client?.requestCode()} />;
}

/** Any other provider: a full-page redirect to its authorization endpoint, back to /auth/oidc-callback. */
function RedirectSignin({
  config,
  label,
  search,
  onError,
}: {
  config: OidcConfig & { client_id: string; authorization_endpoint: string };
  label: string;
  search: AuthSearch;
  onError: (message: string | null) => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const go = async () => {
    onError(null);
    setLeaving(true);
    try {
      const start = await startOidc();
      window.location.assign(await buildAuthorizationUrl(config, start, search));
    } catch (error) {
      setLeaving(false);
      onError(getErrorMessage(error));
    }
  };
  return <ProviderButton label={label} google={false} pending={leaving} onClick={() => void go()} />;
}
