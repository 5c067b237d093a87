import type { ExternalToast } from 'sonner';

/*
 * Toasts without sonner in the first-load bundle: the library (and the <Toaster/> that shows it) load on the
 * first toast. Sonner replays toasts created before its Toaster subscribed, so none is lost on the way.
 */
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

let sonner: Promise<typeof import('sonner')> | null = null;
let showToaster: (() => void) | null = null;
let toasterRequested = false;

const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

/** Called once by the root's toaster host: it mounts the real Toaster when the first toast arrives. */
export function registerToasterHost(show: () => void) {
  showToaster = show;
  if (toasterRequested) show();
  return () => {
    showToaster = null;
  };
}

function show(kind: Kind, message: string, options?: ExternalToast) {
  toasterRequested = true;
  showToaster?.();
  void loadSonner().then(({ toast: sonnerToast }) => {
    if (kind === 'message') sonnerToast(message, options);
    else sonnerToast[kind](message, options);
  });
}

/** How long a toast offering Undo stays: long enough to read it and reach the button. */
export const UNDO_WINDOW_MS = 6_000;

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
