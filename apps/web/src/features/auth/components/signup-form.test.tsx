import { messages } from '@candor/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { SignupForm } from './signup-form';

afterEach(() => sessionStorage.clear());

describe('SignupForm', () => {
  it('shows every contract message on an empty submit', async () => {
    await renderWithRouter(() => <SignupForm search={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.fullNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailOrUsernameRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(screen.getByText(messages.termsRequired)).toBeTruthy();
  });

  it('shows the password pattern message for a weak password', async () => {
    await renderWithRouter(() => <SignupForm search={{}} />);
    await userEvent.type(screen.getByLabelText('Password'), 'weak');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.passwordPattern)).toBeTruthy();
  });

  it('uses the spec field names', async () => {
    await renderWithRouter(() => <SignupForm search={{}} />);
    const names = [...document.querySelectorAll('form input')].map((input) => input.getAttribute('name'));
    expect(names).toEqual(['full_name', 'email', 'password', 'referrer_id', 'terms_conditions_aggreed']);
  });

  it('fills and reveals the referral code kept in sessionStorage', async () => {
    sessionStorage.setItem('referral_code', 'ADA123');
    await renderWithRouter(() => <SignupForm search={{}} />);
    const referral = screen.getByLabelText('Referral code') as HTMLInputElement;
    expect(referral.value).toBe('ADA123');
    expect(referral.checkVisibility?.() ?? true).toBe(true);
    expect(screen.getByRole('button', { name: /Have a referral code/ }).getAttribute('aria-expanded')).toBe('true');
  });
});
