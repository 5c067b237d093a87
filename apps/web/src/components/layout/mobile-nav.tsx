import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { SidebarBrand, SidebarNav } from './app-sidebar';
import { MobileNavButton } from './mobile-nav-button';

/** The sidebar as a sheet below the lg breakpoint (loaded on first use, see AppShell). */
export default function MobileNav({ defaultOpen }: { defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Close the sheet whenever the page changes (links, back button) — only then: an effect would also run on mount
  // and close the sheet the first tap has just opened with `defaultOpen`.
  const [openedOn, setOpenedOn] = useState(pathname);
  if (pathname !== openedOn) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileNavButton />
      </SheetTrigger>
      <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0">
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">Every Candor tool and page</SheetDescription>
        <SidebarBrand onNavigate={() => setOpen(false)} />
        <div className="flex-1 overflow-y-auto">
          <SidebarNav onNavigate={() => setOpen(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
