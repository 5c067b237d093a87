import { describe, expect, it } from 'vitest';
import { paymentReceiptEmail, type ReceiptMailInput } from './receipt-templates.js';

const input: ReceiptMailInput = {
  to: 'ada@example.test',
  fullName: '<img src=x onerror=alert(1)> & "Ada"',
  kind: 'token_packet',
  product: '50K tokens',
  number: 'INV-000042',
  date: '2026-11-22',
  description: '50K tokens',
  period: null,
  subtotal: '$9.00',
  discount: null,
  total: '$9.00',
  paidWith: 'Stripe',
  receiptUrl: 'http://localhost:8080/api/payment/v1/payments/invoices/i-1/receipt',
  accountUrl: 'http://localhost:8080/account?tab=subscription',
  publicUrl: 'http://localhost:8080',
};

describe('receipt e-mails', () => {
  it("escape the user's name in the HTML part", () => {
    const mail = paymentReceiptEmail(input);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Ada&quot;');
    expect(mail.html).toContain('href="http://localhost:8080/account?tab=subscription"');
  });

  it('leave out the period and the discount when there are none', () => {
    const { text } = paymentReceiptEmail(input);
    expect(text).not.toContain('Period:');
    expect(text).not.toContain('Discount:');
    expect(text.replace(/\n/g, ' ')).toContain('The tokens are in your balance and never expire.');
  });

  it('say a renewal renewed, and keep every line but the links short', () => {
    const { subject, text } = paymentReceiptEmail({
      ...input,
      fullName: 'Ada',
      kind: 'renewal',
      product: 'AI Detector Pro (yearly)',
      description: 'AI Detector Pro (yearly) renewal',
      period: '2026-11-22 to 2027-11-22',
      subtotal: '$287.90',
      total: '$287.90',
    });
    expect(subject).toBe('Your Candor receipt INV-000042');
    expect(text).toContain('Your AI Detector Pro (yearly) plan has renewed.');
    expect(text).toContain('Period:      2026-11-22 to 2027-11-22\n');
    for (const line of text.split('\n').filter((l) => !l.startsWith('http'))) {
      expect(line.length).toBeLessThanOrEqual(76);
    }
  });
});
