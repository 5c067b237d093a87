import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { PaymentConfirmation } from './payment-confirmation';

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

  it('shows the checkout reference after a success', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="success" sessionId="cs_1" />);
    expect(screen.getByText('cs_1')).toBeTruthy();
  });

  it('offers to try again or contact us after a failure', async () => {
    await renderWithRouter(() => <PaymentConfirmation outcome="failure" />);
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toMatch(/^\/contact-us/);
    await waitFor(() => expect(screen.queryByTestId('purchase-summary')).toBeNull());
  });
});
