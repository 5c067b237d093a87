import { Switch } from '@/components/ui/switch';
import type { ConsentCategory } from '../consent';

const categories: { id: 'necessary' | ConsentCategory; label: string; description: string }[] = [
  { id: 'necessary', label: 'Necessary', description: 'Sign-in, security and your cookie choice. Always on.' },
  { id: 'functional', label: 'Functional', description: 'Remembers settings and personalises the interface.' },
  { id: 'analytics', label: 'Analytics', description: 'Anonymous usage and performance measurements.' },
  { id: 'advertisement', label: 'Advertisement', description: 'Measures and personalises our ads on other sites.' },
];

/** One switch per cookie category; Necessary is shown on and cannot be turned off. */
export function ConsentPreferences({
  draft,
  onChange,
}: {
  draft: Record<ConsentCategory, boolean>;
  onChange: (category: ConsentCategory, on: boolean) => void;
}) {
  return (
    <ul className="mt-4 divide-y rounded-lg border">
      {categories.map((category) => {
        const switchId = `consent-${category.id}`;
        const necessary = category.id === 'necessary';
        return (
          <li key={category.id} className="flex items-start justify-between gap-4 p-3">
            <div className="space-y-0.5">
              <label htmlFor={switchId} className="font-medium text-sm">
                {category.label}
              </label>
              <p className="text-muted-foreground text-xs">{category.description}</p>
            </div>
            <Switch
              id={switchId}
              className="mt-0.5"
              checked={necessary ? true : draft[category.id as ConsentCategory]}
              disabled={necessary}
              onCheckedChange={(on) => {
                if (!necessary) onChange(category.id as ConsentCategory, on);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
