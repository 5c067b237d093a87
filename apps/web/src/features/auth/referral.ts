import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';

/** The sign-up referral code arrives as ?referral_code= on /auth and lives in sessionStorage until sign-up. */
export const rememberReferralCode = (code: string) => writeStorage('session', storageKeys.referralCode, code);
export const storedReferralCode = () => readStorage('session', storageKeys.referralCode);
export const forgetReferralCode = () => removeStorage('session', storageKeys.referralCode);
