import { z } from 'zod';
import { pushToDataLayer } from '@/lib/analytics';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage';

/** The visitor's choice, as stored in localStorage under `cookie-consent`. Necessary cookies are always on. */
export const consentChoiceSchema = z.object({
  necessary: z.literal(true).catch(true),
  functional: z.boolean().catch(false),
  analytics: z.boolean().catch(false),
  advertisement: z.boolean().catch(false),
  updatedAt: z.string().catch(() => new Date(0).toISOString()),
});
export type ConsentChoice = z.infer<typeof consentChoiceSchema>;
export type ConsentCategory = 'functional' | 'analytics' | 'advertisement';

type ConsentValue = 'granted' | 'denied';
/** Spec §3: the eight consent-mode fields. */
export interface ConsentModes {
  ad_personalization: ConsentValue;
  ad_user_data: ConsentValue;
  ad_storage: ConsentValue;
  ads_data_redaction: ConsentValue;
  analytics_storage: ConsentValue;
  security_storage: ConsentValue;
  personalization_storage: ConsentValue;
  functionality_storage: ConsentValue;
}

const value = (on: boolean): ConsentValue => (on ? 'granted' : 'denied');

/**
 * Category → consent-mode mapping:
 * - Necessary → security_storage, always granted.
 * - Functional → functionality_storage and personalization_storage (remembered settings, personalised UI).
 * - Analytics → analytics_storage.
 * - Advertisement → ad_storage, ad_user_data, ad_personalization.
 * - ads_data_redaction is the inverse of Advertisement: ad data is redacted (granted) whenever ads are denied.
 */
export function toConsentModes(choice: Pick<ConsentChoice, ConsentCategory>): ConsentModes {
  return {
    ad_personalization: value(choice.advertisement),
    ad_user_data: value(choice.advertisement),
    ad_storage: value(choice.advertisement),
    ads_data_redaction: value(!choice.advertisement),
    analytics_storage: value(choice.analytics),
    security_storage: 'granted',
    personalization_storage: value(choice.functional),
    functionality_storage: value(choice.functional),
  };
}

/** Before any choice: everything optional denied (security stays granted, ad data redacted). */
export const defaultConsentModes = toConsentModes({ functional: false, analytics: false, advertisement: false });

export function readConsent(): ConsentChoice | null {
  const raw = readStorage('local', storageKeys.cookieConsent);
  if (!raw) return null;
  try {
    const parsed = consentChoiceSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveConsent(categories: Pick<ConsentChoice, ConsentCategory>): ConsentChoice {
  const choice: ConsentChoice = { necessary: true, ...categories, updatedAt: new Date().toISOString() };
  writeStorage('local', storageKeys.cookieConsent, JSON.stringify(choice));
  pushConsent('update', toConsentModes(choice));
  return choice;
}

/** Consent-mode command as gtag would queue it: ['consent', 'default' | 'update', modes]. */
export function pushConsent(command: 'default' | 'update', modes: ConsentModes) {
  pushToDataLayer(['consent', command, modes]);
}

/** At boot: the default, then the stored choice if there is one. */
export function initConsent() {
  pushConsent('default', defaultConsentModes);
  const stored = readConsent();
  if (stored) pushConsent('update', toConsentModes(stored));
  return stored;
}
