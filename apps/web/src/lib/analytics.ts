import { storageKeys, writeStorage } from './storage';

/** Pushes an entry to the analytics data layer, creating it when no tag manager has yet. */
export function pushToDataLayer(entry: unknown) {
  if (typeof window === 'undefined') return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(entry);
}

export type UtmParams = Partial<Record<'utm_source' | 'utm_medium' | 'utm_campaign', string>>;

/** Spec §2 root: campaign params are kept in sessionStorage (`utm`) and sent to analytics once. */
export function recordUtm(params: UtmParams) {
  const entries = Object.entries(params).filter(([, value]) => typeof value === 'string' && value !== '');
  if (entries.length === 0) return;
  const utm = Object.fromEntries(entries);
  writeStorage('session', storageKeys.utm, JSON.stringify(utm));
  pushToDataLayer({ event: 'utm_params', ...utm });
}
