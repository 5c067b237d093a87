import { messages, type Profile } from '@candor/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { ChangePasswordCard } from './change-password-card';
import { ProfileFormCard } from './profile-form-card';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  user: {
    id: 'u1',
    full_name: 'Ada Lovelace',
    email: 'ada@example.test',
    username: 'ada',
    category: null,
    is_verified: true,
    referral_code: 'ABCDEFGH',
    created_at: '2026-01-01T00:00:00.000Z',
  },
  has_password: true,
  pending_email: null,
  ...overrides,
});

describe('ProfileFormCard', () => {
  it('shows the spec messages and uses the spec field names', async () => {
    await renderWithRouter(() => <ProfileFormCard profile={profile()} />);
    const form = screen.getByRole('form', { name: 'Profile' });
    const names = [...form.querySelectorAll('input, select')].map((el) => el.getAttribute('name'));
    expect(names).toEqual(['full_name', 'email', 'category']);
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.accountFullNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailRequired)).toBeTruthy();
    expect(screen.getByText(messages.categoryRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
  }, 30_000);

  it('asks for the code of a pending e-mail change', async () => {
    await renderWithRouter(() => <ProfileFormCard profile={profile({ pending_email: 'new@example.test' })} />);
    expect(screen.getByRole('form', { name: 'Confirm new e-mail' })).toBeTruthy();
    expect(screen.getByText('new@example.test')).toBeTruthy();
  });
});

describe('ChangePasswordCard', () => {
  it('shows the spec messages', async () => {
    await renderWithRouter(() => <ChangePasswordCard profile={profile()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(messages.newPasswordRequired)).toBeTruthy();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Current password'), 'Engine42');
    await userEvent.type(screen.getByLabelText('New password'), 'Better77');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better78');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.passwordsDontMatch)).toBeTruthy();
  }, 30_000);

  it('explains how an account without a password gets one', async () => {
    await renderWithRouter(() => <ChangePasswordCard profile={profile({ has_password: false })} />);
    expect(screen.getByText('Your account has no password yet')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
  });
});
