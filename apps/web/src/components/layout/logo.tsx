import { cn } from '@/lib/utils';

/** The Candor mark and word mark. */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-base tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M21.5 11.2A7 7 0 1 0 21.5 20.8"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="22" cy="16" r="2" className="fill-primary-foreground/70" />
      </svg>
      {showName && <span>Candor</span>}
    </span>
  );
}
