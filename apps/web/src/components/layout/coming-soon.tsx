import Construction from 'lucide-react/icons/construction';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { type Tool, toolLabel } from '@/config/navigation';
import { PageHeader } from './page-header';

/** The screen of a tool whose feature has not shipped yet: its title and an honest "coming soon". */
export function ComingSoonPage({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: string;
  icon?: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <PageHeader title={title} description={description} icon={icon} />
      {children && <div className="mb-6 space-y-4">{children}</div>}
      <ComingSoonPanel />
    </div>
  );
}

export function ComingSoonPanel({ what = 'This tool' }: { what?: string }) {
  return (
    <section
      aria-label="Coming soon"
      className="relative overflow-hidden rounded-xl border bg-card px-6 py-16 text-center shadow-sm"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_50%_0%,var(--color-accent),transparent_60%)] opacity-70"
      />
      <div className="relative mx-auto flex max-w-md flex-col items-center gap-3">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Construction className="size-6" aria-hidden="true" />
        </span>
        <Badge variant="soft">Coming soon</Badge>
        <h2 className="font-semibold text-lg">{what} is coming soon</h2>
        <p className="text-muted-foreground text-sm">
          We are putting the finishing touches on it. It will appear right here, with your results saved to History.
        </p>
      </div>
    </section>
  );
}

/** A catalogue tool's screen before its feature ships; `title` names a sub-screen (e.g. "Result"). */
export function ToolComingSoonPage({
  tool,
  title,
  children,
}: {
  tool: Tool;
  title?: string;
  children?: React.ReactNode;
}) {
  return (
    <ComingSoonPage title={title ?? toolLabel(tool)} description={tool.description} icon={tool.icon}>
      {children}
    </ComingSoonPage>
  );
}
