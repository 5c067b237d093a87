import type { LlmModelDto } from '@candor/contracts/governance';
import Bot from 'lucide-react/icons/bot';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId } from 'react';
import { formatTokens } from '@/lib/format';

const describe = (model: LlmModelDto) =>
  model.context_length ? `${model.name} · ${formatTokens(model.context_length)} context` : model.name;

/** The model the next message goes to; a native select, so it works the same with touch, mouse and keyboard. */
export function ModelPicker({
  models,
  value,
  onChange,
  disabled,
}: {
  models: readonly LlmModelDto[];
  value: string | undefined;
  onChange: (model: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="relative inline-flex min-w-0 max-w-full items-center">
      <label htmlFor={id} className="sr-only">
        Model
      </label>
      <Bot className="pointer-events-none absolute left-2 size-3.5 text-muted-foreground" aria-hidden="true" />
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled || models.length === 0}
        className="h-8 min-w-0 max-w-[11rem] appearance-none truncate rounded-md border border-transparent bg-transparent py-1 pr-7 pl-7 font-medium text-xs outline-none transition-colors hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60 sm:max-w-[16rem] dark:[&>option]:bg-popover"
      >
        {models.length === 0 && <option value="">No model connected</option>}
        {models.map((model) => (
          <option key={model.id} value={model.id} title={describe(model)}>
            {model.name}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2 size-3.5 text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
