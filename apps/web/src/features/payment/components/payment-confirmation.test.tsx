import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { isPaymentOutcome, PaymentConfirmation } from './payment-confirmation';

describe('PaymentConfirmation', () => {
  it('shows the success texts', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="success" />);
    expect(screen.getByText('Payment Successful')).toBeTruthy();
    expect(screen.getByRole('heading', { name: "You're All Set!" })).toBeTruthy();
    expect(screen.getByText('Your payment has been processed successfully.')).toBeTruthy();
  });

  it('shows the failure texts', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" />);
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Transaction Unsuccessful' })).toBeTruthy();
    expect(screen.getByText("We couldn't process your payment. Please try again.")).toBeTruthy();
  });

  it('knows only success and failure', () => {
    expect(['success', 'failure', 'pending', ''].map(isPaymentOutcome)).toEqual([true, true, false, false]);
  });
});
