/** When another code may be requested, per e-mail (epoch ms), for the life of the page. */
const resendAt = new Map<string, number>();
const key = (email: string) => email.trim().toLowerCase();

export function startOtpCooldown(email: string, seconds: number) {
  resendAt.set(key(email), Date.now() + Math.max(0, seconds) * 1000);
}

export function otpCooldownUntil(email: string | undefined): number | null {
  if (!email) return null;
  const until = resendAt.get(key(email));
  return until && until > Date.now() ? until : null;
}
