import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';

/** A secret shown once, read-only, with a copy button (selected for the keyboard when copying is refused). */
export function SecretField({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
      toast.success(`${what} copied`);
    } catch {
      input.current?.select();
      toast.error('Copying failed', {
        description: `The ${what.toLowerCase()} is selected: copy it with Ctrl+C or ⌘C.`,
      });
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={input}
          readOnly
          value={value}
          spellCheck={false}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy} aria-label={`Copy the ${what.toLowerCase()}`}>
          {copied ? <Check /> : <Copy />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
