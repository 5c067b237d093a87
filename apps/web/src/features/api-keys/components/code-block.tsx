import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** A code sample with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      toast.error('Copying failed', { description: 'Select the code and copy it with Ctrl+C or ⌘C.' });
    }
  }
  return (
    <div className="relative">
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling sample must be focusable to scroll from the keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-lg border bg-muted/60 p-4 pr-24 font-mono text-xs leading-relaxed"
      >
        <pre>
          <code>{code}</code>
        </pre>
      </section>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="absolute top-2 right-2"
        onClick={copy}
        aria-label={`Copy the ${label}`}
      >
        {copied ? <Check /> : <Copy />}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
