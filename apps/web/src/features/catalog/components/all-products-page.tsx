import LayoutGrid from 'lucide-react/icons/layout-grid';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { catalogue, type ProductCategoryId, productCategories } from '@/config/navigation';
import { useProductAvailability } from '@/lib/products';
import { type AllProductsSearch, openingCategory } from '../search';
import { ToolGrid } from './tool-card';

const productsOf = (category: ProductCategoryId) => catalogue(category).map((tool) => tool.product);

/** /all-products: the catalogue by tab (privacy, provenance, generation, ai-humanizer), driven by ?tab=. */
export function AllProductsPage({
  search,
  onTabChange,
}: {
  search: AllProductsSearch;
  onTabChange: (tab: ProductCategoryId) => void;
}) {
  const isAvailable = useProductAvailability();
  const tab = openingCategory(search.tab, productsOf, isAvailable);
  return (
    <div>
      <PageHeader
        title="All products"
        description="Every Candor tool, grouped by what it helps you do."
        icon={LayoutGrid}
      />
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as ProductCategoryId)}>
        <TabsList aria-label="Product categories" className="h-auto flex-wrap">
          {productCategories.map((category) => {
            const comingSoon = productsOf(category.id).every((product) => isAvailable(product) === false);
            return (
              <TabsTrigger key={category.id} value={category.id}>
                {category.label}
                {comingSoon && (
                  <span className="rounded-full bg-muted px-1.5 py-0.5 font-medium text-[10px] text-muted-foreground">
                    Soon
                  </span>
                )}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {productCategories.map((category) => (
          <TabsContent key={category.id} value={category.id} className="space-y-4">
            <p className="text-muted-foreground text-sm">{category.description}</p>
            <ToolGrid tools={catalogue(category.id)} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
