import { describe, expect, it } from 'vitest';
import { authSearchSchema, forgotPasswordSearchSchema, pickAuthSearch, verifyAccountSearchSchema } from './search';

describe('auth search params', () => {
  it('reads every layout param', () => {
    const search = authSearchSchema.parse({
      redirect: '/history',
      redirectSearch: 'page=2',
      code: 'APPSUMO-1',
      buyPlanId: 'plan_1',
      buyPlanCoupon: 'SPRING',
      referral_code: 'ADA123',
      other: 'x',
    });
    expect(search).toEqual({
      redirect: '/history',
      redirectSearch: 'page=2',
      code: 'APPSUMO-1',
      buyPlanId: 'plan_1',
      buyPlanCoupon: 'SPRING',
      referral_code: 'ADA123',
    });
    expect(pickAuthSearch({ ...search, email: 'a@b.c' } as never)).toEqual(search);
  });

  it('defaults everything to absent and drops invalid values', () => {
    expect(authSearchSchema.parse({ redirect: { a: 1 }, code: '', referral_code: 'x'.repeat(65) })).toEqual({
      redirect: undefined,
      redirectSearch: undefined,
      code: undefined,
      buyPlanId: undefined,
      buyPlanCoupon: undefined,
      referral_code: undefined,
    });
  });

  it('reads the verify-account e-mail', () => {
    expect(verifyAccountSearchSchema.parse({ email: 'ada@example.test' })).toEqual({ email: 'ada@example.test' });
    expect(verifyAccountSearchSchema.parse({ email: 5 })).toEqual({ email: '5' });
  });

  it('accepts only a 6-digit otp on forgot-password', () => {
    expect(forgotPasswordSearchSchema.parse({ email: 'a@b.c', otp: 123456, redirect: '/x' })).toEqual({
      email: 'a@b.c',
      otp: '123456',
      redirect: '/x',
    });
    expect(forgotPasswordSearchSchema.parse({ otp: '12ab' }).otp).toBeUndefined();
    expect(forgotPasswordSearchSchema.parse({ otp: '012345' }).otp).toBe('012345');
  });
});
