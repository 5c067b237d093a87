import Menu from 'lucide-react/icons/menu';
import type * as React from 'react';
import { Button } from '@/components/ui/button';

/** The hamburger of the mobile navigation; the same element before and after the sheet code loads. */
export function MobileNavButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-label="Open navigation"
      aria-haspopup="dialog"
      {...props}
    >
      <Menu aria-hidden="true" />
    </Button>
  );
}
