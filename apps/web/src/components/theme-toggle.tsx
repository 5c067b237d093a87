import Monitor from 'lucide-react/icons/monitor';
import Moon from 'lucide-react/icons/moon';
import Sun from 'lucide-react/icons/sun';
import { type Theme, useTheme } from '@/components/theme-provider';
import { cn } from '@/lib/utils';

const options: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Theme switch for the header and the auth screens: a three-way radio group (light, dark, system).
 * Native radios give arrow-key navigation and form semantics without a popup library.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className={cn('inline-flex items-center gap-0.5 rounded-full border bg-muted/60 p-0.5', className)}>
      <legend className="sr-only">Theme</legend>
      {options.map(({ value, label, icon: Icon }) => (
        <label
          key={value}
          title={label}
          className={cn(
            'relative inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground',
            'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
            theme === value && 'bg-background text-foreground shadow-sm',
          )}
        >
          <input
            type="radio"
            name="theme"
            value={value}
            checked={theme === value}
            onChange={() => setTheme(value)}
            className="sr-only"
            aria-label={`${label} theme`}
          />
          <Icon className="size-3.5" aria-hidden="true" />
        </label>
      ))}
    </fieldset>
  );
}
