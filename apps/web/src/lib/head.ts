export const PRODUCT_NAME = 'Candor';

/** Spec §1: '{page title} | {product name} Dashboard'. */
export const pageTitle = (title: string) => `${title} | ${PRODUCT_NAME} Dashboard`;

/** A route `head` that only sets the title. */
export const titleHead = (title: string) => () => ({ meta: [{ title: pageTitle(title) }] });
