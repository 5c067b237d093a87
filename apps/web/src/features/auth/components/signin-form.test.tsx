import { messages } from '@candor/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { SigninForm } from './signin-form';

describe('SigninForm', () => {
  it('names its fields as the spec does and submits with a submit button', async () => {
    await renderWithRouter(() => <SigninForm search={{}} onSignedIn={vi.fn()} />);
    expect(screen.getByLabelText('Email or username')).toHaveProperty('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveProperty('name', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('type', 'submit');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/auth/signup');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/forgot-password');
  });

  it('shows the contract messages for an empty submit and sends nothing', async () => {
    const onSignedIn = vi.fn();
    await renderWithRouter(() => <SigninForm search={{}} onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.emailOrUsernameRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText('Email or username').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('keeps the auth params on the sign-up link', async () => {
    await renderWithRouter(() => (
      <SigninForm search={{ redirect: '/history', buyPlanId: 'p1' }} onSignedIn={vi.fn()} />
    ));
    const href = screen.getByRole('link', { name: 'Create an account' }).getAttribute('href') ?? '';
    expect(href).toContain('redirect=%2Fhistory');
    expect(href).toContain('buyPlanId=p1');
  });
});
