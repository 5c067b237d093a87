/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_AUTH_URL?: string;
  readonly VITE_PAYMENT_URL?: string;
  readonly VITE_DETECTOR_URL?: string;
  readonly VITE_GOVERNANCE_URL?: string;
  readonly VITE_API_URL?: string;
}

interface Window {
  dataLayer?: unknown[];
}
