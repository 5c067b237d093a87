import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** One titled part of a report: a region named by its heading, so it can be found by name. */
export function ReportPanel({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <Card className={cn('gap-4 py-5 print:break-inside-avoid', className)} role="region" aria-labelledby={headingId}>
      <CardHeader className="px-5">
        <CardTitle>
          <h2 id={headingId} className="text-base">
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">{children}</CardContent>
    </Card>
  );
}

/** The report's title and what the run was: when, how many words, what it cost. */
export function RunHeading({ title, summary }: { title: string; summary: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <h2 dir="auto" className="truncate font-semibold text-lg">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm">{summary}</p>
    </div>
  );
}
