import { MAX_OUTLINE_HEADINGS, type Outline } from '@candor/contracts/tools';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface OutlineEditorProps {
  outline: Outline;
  onChange: (outline: Outline) => void;
  disabled?: boolean;
}

/** The article's title and headings: edit, add, remove and reorder them before the article is written. */
export function OutlineEditor({ outline, onChange, disabled }: OutlineEditorProps) {
  const titleId = useId();
  const setHeading = (index: number, text: string) =>
    onChange({ ...outline, headings: outline.headings.map((heading, i) => (i === index ? text : heading)) });
  const move = (index: number, by: number) => {
    const headings = [...outline.headings];
    const [moved] = headings.splice(index, 1);
    headings.splice(index + by, 0, moved as string);
    onChange({ ...outline, headings });
  };
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor={titleId}>Title</Label>
        <Input
          id={titleId}
          value={outline.title}
          maxLength={200}
          disabled={disabled}
          onChange={(event) => onChange({ ...outline, title: event.target.value })}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="mb-1 font-medium text-sm">
          Headings ({outline.headings.length} of at most {MAX_OUTLINE_HEADINGS})
        </legend>
        <ol className="space-y-2">
          {outline.headings.map((heading, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a heading's place is its identity while it is edited
            <li key={index} className="flex items-center gap-2">
              <span className="w-6 text-right text-muted-foreground text-sm tabular-nums">{index + 1}.</span>
              <Input
                aria-label={`Heading ${index + 1}`}
                value={heading}
                maxLength={200}
                disabled={disabled}
                onChange={(event) => setHeading(index, event.target.value)}
              />
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Move heading ${index + 1} up`}
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Move heading ${index + 1} down`}
                disabled={disabled || index === outline.headings.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Remove heading ${index + 1}`}
                disabled={disabled || outline.headings.length === 1}
                onClick={() => onChange({ ...outline, headings: outline.headings.filter((_, i) => i !== index) })}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled || outline.headings.length >= MAX_OUTLINE_HEADINGS}
          onClick={() => onChange({ ...outline, headings: [...outline.headings, ''] })}
        >
          <Plus /> Add heading
        </Button>
      </fieldset>
    </div>
  );
}
