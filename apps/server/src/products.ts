import { type ProductAvailability, type ProductId, productIds } from '@candor/contracts';
import { publicApiProducts } from './modules/api/index.js';
import { builtInTools } from './modules/detector/index.js';
import { governanceProducts } from './modules/governance/index.js';

/** A plan's feature line as stored; a product id the code does not know (a hand edit) counts as not offered. */
export interface FeatureLine {
  text: string;
  products?: readonly string[] | undefined;
}

/**
 * Which products this deployment offers: one fact, owned by the server and derived from what is built — the tools in
 * the tool registry and the features switched on — so a tool lights up everywhere (sidebar, catalogue, pricing,
 * checkout) by being registered, and nothing can sell or open a product that does not exist.
 */
export interface ProductCatalogue {
  isAvailable(id: string): boolean;
  /** `GET v1/products/`: every listed product, in catalogue order, with whether it is offered. */
  availability(): ProductAvailability;
  /** A plan's feature line is given when every product it names is offered (a line naming none always is). */
  lineAvailable(line: FeatureLine): boolean;
  /**
   * A plan can be bought unless every product it promises is still to come; a plan that promises none (tokens and
   * days) can be.
   */
  planAvailable(lines: readonly FeatureLine[]): boolean;
}

export function createProductCatalogue(provided: Iterable<ProductId>): ProductCatalogue {
  const offered = new Set<string>(provided);
  const isAvailable = (id: string) => offered.has(id);
  return {
    isAvailable,
    availability: () => ({ items: productIds.map((id) => ({ id, available: isAvailable(id) })) }),
    lineAvailable: (line) => (line.products ?? []).every(isAvailable),
    planAvailable(lines) {
      const promised = lines.flatMap((line) => line.products ?? []);
      return promised.length === 0 || promised.some(isAvailable);
    },
  };
}

/** What this build offers: the registered tools' products and the services' switched-on features. */
export const builtInProducts = () =>
  createProductCatalogue([...builtInTools.map((tool) => tool.product), ...governanceProducts, ...publicApiProducts]);

/** A deployment offering every listed product: for tests of the payment plumbing of plans whose tools are to come. */
export const everyProduct = () => createProductCatalogue(productIds);
