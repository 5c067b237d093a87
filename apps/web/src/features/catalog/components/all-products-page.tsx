import LayoutGrid from 'lucide-react/icons/layout-grid';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { catalogue, type ProductCategoryId, productCategories } from '@/config/navigation';
import type { AllProductsSearch } from '../search';
import { ToolGrid } from './tool-card';

/** /all-products: the catalogue by tab (privacy, provenance, generation, ai-humanizer), driven by ?tab=. */
export function AllProductsPage({
  search,
  onTabChange,
}: {
  search: AllProductsSearch;
  onTabChange: (tab: ProductCategoryId) => void;
}) {
  return (
    <div>
      <PageHeader
        title="All products"
        description="Every Candor tool, grouped by what it helps you do."
        icon={LayoutGrid}
      />
      <Tabs value={search.tab} onValueChange={(tab) => onTabChange(tab as ProductCategoryId)}>
        <TabsList aria-label="Product categories" className="h-auto flex-wrap">
          {productCategories.map((category) => (
            <TabsTrigger key={category.id} value={category.id}>
              {category.label}
            </TabsTrigger>
          ))}
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
