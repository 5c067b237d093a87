import { type ProductId, productIds } from '@candor/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SidebarNav } from '@/components/layout/app-sidebar';
import { jsonResponse, notFoundResponse } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';

let offered: ProductId[] = [];

vi.mock('@/lib/api-client', async (importOriginal) => {
  const { withFakeApi } = await import('@/test/fake-api');
  return withFakeApi(await importOriginal(), (input) =>
    new URL(input.url).pathname === '/api/detector/v1/products/'
      ? jsonResponse(200, { items: productIds.map((id) => ({ id, available: offered.includes(id) })) })
      : notFoundResponse(),
  );
});

const { AllProductsPage } = await import('./all-products-page');

beforeEach(() => {
  offered = ['secure-llm', 'document-redactor', 'ai-detector', 'humanized-text-detector', 'writing-analysis'];
});

describe('the catalogue follows what the server offers', () => {
  it('opens on the first tab with an offered tool while the default tab has none, and links only offered tools', async () => {
    await renderWithRouter(() => <AllProductsPage search={{}} onTabChange={() => {}} />);
    const privacy = await screen.findByRole('tabpanel', { name: /Privacy/ });
    expect(within(privacy).getByRole('link', { name: /Secure LLM Chat/ })).toBeTruthy();
    for (const title of ['Deepfake Audio Detection', 'File System Scan', 'Data Based Anonymizer']) {
      const card = within(privacy).getByText(title).closest('[aria-disabled="true"]') as HTMLElement;
      expect(card, title).toBeTruthy();
      expect(within(card).getByText('Coming soon')).toBeTruthy();
      expect(within(card).queryByText('Open')).toBeNull();
    }
    const generationTab = screen.getByRole('tab', { name: /Generation/ });
    expect(generationTab.textContent).toContain('Soon');
    expect(screen.getByRole('tab', { name: /Privacy/ }).textContent).not.toContain('Soon');
  });

  it("opens on the spec's default tab once the humanizer is offered", async () => {
    offered.push('content-humanizer');
    await renderWithRouter(() => <AllProductsPage search={{}} onTabChange={() => {}} />);
    const tab = await screen.findByRole('tabpanel', { name: /AI Humanizer/ });
    expect(await within(tab).findByRole('link', { name: /AI Humanizer/ })).toBeTruthy();
  });

  it('lists tools still to come in the sidebar without linking them', async () => {
    await renderWithRouter(() => <SidebarNav />);
    expect(await screen.findByRole('link', { name: 'AI Detector' })).toBeTruthy();
    const writer = (await screen.findByText('Stealth AI')).closest('[aria-disabled="true"]') as HTMLElement;
    expect(writer.textContent).toContain('Soon');
    expect(screen.queryByRole('link', { name: /Stealth AI/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /API docs/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'History' })).toBeTruthy();
  });
});
