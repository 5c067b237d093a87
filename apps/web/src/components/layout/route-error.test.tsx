import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { NotFoundPage, PlainNotFound } from './not-found';
import { RouteError } from './route-error';

describe('shared screens', () => {
  it('route error panel toggles the message with Show Error / Hide Error', async () => {
    await renderWithRouter(() => <RouteError error={new Error('Boom: the loader failed')} reset={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.queryByText('Boom: the loader failed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(screen.getByText('Boom: the loader failed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide Error' }));
    expect(screen.queryByText('Boom: the loader failed')).toBeNull();
  });

  it('404 page says the page does not exist and links home', async () => {
    await renderWithRouter(() => <NotFoundPage />);
    expect(screen.getByText("This page doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('unmatched route inside a layout is plain Not Found', async () => {
    await renderWithRouter(() => <PlainNotFound />);
    expect(screen.getByText('Not Found')).toBeTruthy();
  });
});
