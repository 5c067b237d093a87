import { useEffect } from 'react';

export const PRODUCT_NAME = 'Candor';

/** Spec §1: '{page title} | {product name} Dashboard'. */
export const pageTitle = (title: string) => `${title} | ${PRODUCT_NAME} Dashboard`;

/** A route `head` that only sets the title. */
export const titleHead = (title: string) => () => ({ meta: [{ title: pageTitle(title) }] });

/**
 * For a screen whose title follows what it learns after loading, which a route's `head` can't know: sets the
 * document's title to `title` once it is known. The route's `head` still gives the first title, and the next page's
 * replaces this one (the router renders its own title element for it).
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
