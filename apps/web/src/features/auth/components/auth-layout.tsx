import { Link } from '@tanstack/react-router';
import CopyCheck from 'lucide-react/icons/copy-check';
import ScanText from 'lucide-react/icons/scan-text';
import ShieldCheck from 'lucide-react/icons/shield-check';
import WandSparkles from 'lucide-react/icons/wand-sparkles';
import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/logo';
import { ThemeToggle } from '@/components/theme-toggle';

const highlights = [
  { icon: ScanText, text: 'Detect AI-written, humanized and copied text, sentence by sentence.' },
  { icon: ShieldCheck, text: 'Keep personal data out of prompts, documents and recordings.' },
  { icon: WandSparkles, text: 'Write and rewrite content that reads naturally.' },
  { icon: CopyCheck, text: 'Every run saved to your history, with what it cost.' },
];

/** The frame of every /auth screen: a brand panel on large screens and the form, with a theme switch. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-svh bg-background lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <aside className="relative hidden overflow-hidden bg-zinc-950 p-10 text-zinc-100 lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -left-24 size-[28rem] rounded-full bg-indigo-600/40 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-40 size-[26rem] rounded-full bg-violet-500/30 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:40px_40px]"
        />
        <Logo className="relative text-white" />
        <div className="relative max-w-md space-y-8">
          <h2 className="font-semibold text-4xl leading-tight tracking-tight">Trust every word you publish.</h2>
          <ul className="space-y-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm text-zinc-300">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 text-indigo-200">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-zinc-500">AI content safety, detection and generation.</p>
      </aside>
      <div className="flex min-h-svh flex-col">
        <header className="flex items-center justify-between p-4 sm:p-6">
          <Link
            to="/auth/signin"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:invisible"
          >
            <Logo />
          </Link>
          <ThemeToggle />
        </header>
        {/* Centred above the cookie banner while it shows (cookie-consent.tsx), not behind it. */}
        <main
          id="main"
          className="flex flex-1 items-start justify-center px-4 pb-[max(4rem,var(--consent-banner-space,0px))] sm:items-center sm:px-6"
        >
          <div className="w-full max-w-sm">{children}</div>
        </main>
      </div>
    </div>
  );
}

/** Heading block of an auth screen. */
export function AuthHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div className="mb-8 space-y-2">
      <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
      {description && <p className="text-muted-foreground text-sm">{description}</p>}
    </div>
  );
}
