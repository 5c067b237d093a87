import Cookie from 'lucide-react/icons/cookie';
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type ConsentCategory, type ConsentChoice, readConsent, saveConsent } from '../consent';

const loadPreferences = () => import('./consent-preferences');
const ConsentPreferences = lazy(() => loadPreferences().then((m) => ({ default: m.ConsentPreferences })));

/**
 * Spec §2: the cookie-consent dialog, shown until a choice is stored (localStorage `cookie-consent`).
 * Non-modal, so the page stays usable while it is open. The preference switches (Radix) stay out of the first load:
 * they are fetched when the pointer or focus reaches the Preferences button.
 */
export function CookieConsent() {
  const [choice, setChoice] = useState<ConsentChoice | null>(readConsent);
  const [view, setView] = useState<'banner' | 'preferences'>('banner');
  const [draft, setDraft] = useState<Record<ConsentCategory, boolean>>({
    functional: false,
    analytics: false,
    advertisement: false,
  });
  const titleId = useId();
  const descriptionId = useId();
  const banner = useRef<HTMLDivElement>(null);
  // Non-modal, the banner must not sit on what the page offers (the sign-up form's button, on a laptop): while it
  // shows, the page keeps room for it below (--consent-banner-space, read by styles.css and the auth layout).
  const showing = choice === null;
  useLayoutEffect(() => {
    const element = banner.current;
    if (!showing || !element) return;
    const root = document.documentElement;
    const reserve = () =>
      root.style.setProperty(
        '--consent-banner-space',
        `${Math.max(0, window.innerHeight - element.getBoundingClientRect().top)}px`,
      );
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(reserve);
    observer?.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('--consent-banner-space');
    };
  }, [showing]);
  if (choice) return null;

  const acceptAll = () => setChoice(saveConsent({ functional: true, analytics: true, advertisement: true }));
  const savePreferences = () => setChoice(saveConsent(draft));

  return (
    <div
      ref={banner}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="fade-in-0 slide-in-from-bottom-4 fixed inset-x-3 bottom-3 z-40 max-h-[calc(100svh-1.5rem)] animate-in overflow-y-auto rounded-xl border bg-popover p-5 text-popover-foreground shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[26rem]"
    >
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Cookie className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <h2 id={titleId} className="font-semibold">
            {view === 'banner' ? 'We use cookies' : 'Cookie preferences'}
          </h2>
          <p id={descriptionId} className="text-muted-foreground text-sm">
            {view === 'banner'
              ? 'Necessary cookies keep you signed in and safe. With your consent we also use cookies for settings, analytics and advertising.'
              : 'Choose which cookies Candor may use. You can change this later by clearing your browser data.'}
          </p>
        </div>
      </div>

      {view === 'preferences' && (
        <Suspense fallback={null}>
          <ConsentPreferences draft={draft} onChange={(category, on) => setDraft((d) => ({ ...d, [category]: on }))} />
        </Suspense>
      )}

      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {view === 'banner' ? (
          <>
            <Button
              variant="outline"
              onPointerEnter={() => void loadPreferences()}
              onFocus={() => void loadPreferences()}
              onClick={() => setView('preferences')}
            >
              Preferences
            </Button>
            <Button onClick={acceptAll}>Accept</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={acceptAll}>
              Accept
            </Button>
            <Button onClick={savePreferences}>Save Preferences</Button>
          </>
        )}
      </div>
    </div>
  );
}
