import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CouponNotice } from './coupon-notice';

describe('CouponNotice', () => {
  it('shows what a valid coupon gives and until when', () => {
    render(
      <CouponNotice
        code="spring20"
        check={{
          valid: true,
          code: 'SPRING20',
          description: null,
          percent_off: 20,
          amount_off_cents: null,
          currency: 'usd',
          valid_until: '2027-03-31T12:00:00.000Z',
          product_slugs: null,
        }}
        pending={false}
        error={null}
        loggedIn
      />,
    );
    expect(screen.getByText('SPRING20 — 20% off your first payment')).toBeTruthy();
    expect(screen.getByText(/Valid until Mar 31, 2027/)).toBeTruthy();
  });

  it("shows the server's reason a coupon can't be used, and that buying goes on without it", () => {
    render(
      <CouponNotice
        code="OLD10"
        check={{ valid: false, code: 'OLD10', problem: 'expired', message: 'This coupon has expired.' }}
        pending={false}
        error={null}
        loggedIn
      />,
    );
    expect(screen.getByText("Coupon OLD10 can't be used")).toBeTruthy();
    expect(screen.getByText('This coupon has expired.')).toBeTruthy();
    expect(screen.getByText(/without the coupon/)).toBeTruthy();
  });

  it('says so when the coupon could not be checked', () => {
    render(<CouponNotice code="X" check={undefined} pending={false} error={new Error('Offline')} loggedIn={false} />);
    expect(screen.getByText('Coupon X could not be checked')).toBeTruthy();
    expect(screen.getByText(/full price/)).toBeTruthy();
  });
});
