import { Link } from '@tanstack/react-router';
import House from 'lucide-react/icons/house';
import { Button } from '@/components/ui/button';
import { Logo } from './logo';

/** Spec §2: the 404 page (root not-found component). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-background px-6 text-center">
      <Logo />
      <p className="bg-gradient-to-b from-foreground to-muted-foreground bg-clip-text font-bold text-7xl text-transparent tracking-tighter">
        404
      </p>
      <div className="space-y-2">
        <h1 className="font-semibold text-2xl tracking-tight">This page doesn't exist.</h1>
        <p className="text-muted-foreground text-sm">The link may be broken, or the page may have moved.</p>
      </div>
      <Button asChild size="lg">
        <Link to="/">
          <House aria-hidden="true" />
          Go to Homepage
        </Link>
      </Button>
    </main>
  );
}

/** Spec §2: an unmatched route inside a layout shows plain 'Not Found'. */
export function PlainNotFound() {
  return <p className="p-6 text-muted-foreground">Not Found</p>;
}
