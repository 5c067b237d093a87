import { Link } from '@tanstack/react-router';
import { type NavItem, type NavSection, sidebarNavigation } from '@/config/navigation';
import { useProductAvailability } from '@/lib/products';
import { cn } from '@/lib/utils';
import { Logo } from './logo';

/** The navigation list, rendered from `config/navigation.ts` (desktop aside and mobile sheet share it). */
export function SidebarNav({
  sections = sidebarNavigation,
  onNavigate,
}: {
  sections?: NavSection[];
  onNavigate?: () => void;
}) {
  const isAvailable = useProductAvailability();
  return (
    <nav aria-label="Main" className="flex flex-col gap-5 px-2 py-4">
      {sections.map((section) => (
        <div key={section.label} className="flex flex-col gap-1">
          <p className="px-3 pb-1 font-medium text-[11px] text-muted-foreground uppercase tracking-wider">
            {section.label}
          </p>
          <ul className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                {item.product && isAvailable(item.product) === false ? (
                  <ComingSoonItem item={item} />
                ) : (
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
                    className={cn(
                      'group flex h-9 items-center gap-3 rounded-md px-3 font-medium text-sidebar-foreground text-sm outline-none transition-colors',
                      'hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      'data-[status=active]:bg-sidebar-accent data-[status=active]:text-sidebar-accent-foreground',
                    )}
                  >
                    <item.icon
                      className="size-4 shrink-0 opacity-80 group-data-[status=active]:opacity-100"
                      aria-hidden="true"
                    />
                    <span className="truncate" title={item.title}>
                      {item.title}
                    </span>
                    {item.badge && (
                      <span className="ml-auto rounded-full bg-primary px-1.5 py-0.5 font-semibold text-[10px] text-primary-foreground">
                        {item.badge}
                      </span>
                    )}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** A product the server does not offer yet: listed, so users know it is coming, but not a link to a placeholder. */
function ComingSoonItem({ item }: { item: NavItem }) {
  return (
    <span
      aria-disabled="true"
      className="flex h-9 items-center gap-3 rounded-md px-3 font-medium text-muted-foreground text-sm"
    >
      <item.icon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      <span className="truncate" title={`${item.title} (coming soon)`}>
        {item.title}
      </span>
      <span className="ml-auto rounded-full bg-muted px-1.5 py-0.5 font-semibold text-[10px]">Soon</span>
    </span>
  );
}

export function SidebarBrand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex h-16 shrink-0 items-center border-sidebar-border border-b px-6">
      <Link
        to="/"
        onClick={onNavigate}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Logo />
        <span className="sr-only">Dashboard</span>
      </Link>
    </div>
  );
}
