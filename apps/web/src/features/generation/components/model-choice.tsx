import { CONNECT_MODEL_HELP } from '@candor/contracts/tools';
import PlugZap from 'lucide-react/icons/plug-zap';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useGenerationModels } from '../api/generation';
import { SelectField } from './select-field';

const BUILT_IN = '__built-in__';

interface ModelChoiceProps {
  /** The model id, or null for the built-in engine (or, where there is none, the server's default model). */
  value: string | null;
  onChange: (model: string | null) => void;
  /** The tool has a built-in engine that needs no model. */
  builtIn: boolean;
  disabled?: boolean;
}

/** Which engine writes: the built-in one or one of the server's language models — and how to connect one. */
export function ModelChoice({ value, onChange, builtIn, disabled }: ModelChoiceProps) {
  const models = useGenerationModels();
  if (models.isPending) return <Skeleton className="h-10 w-64" />;
  const items = models.data?.items ?? [];
  if (items.length === 0) {
    return builtIn ? (
      <p className="text-muted-foreground text-xs">
        Written by the built-in engine (no language model is connected). {CONNECT_MODEL_HELP}
      </p>
    ) : (
      <ConnectModelNotice />
    );
  }
  const options = [
    ...(builtIn ? [{ value: BUILT_IN, label: 'Built-in engine (no model, offline)' }] : []),
    ...items.map((model) => ({
      value: model.id,
      label: `${model.name}${model.provider === 'local' ? ' (local)' : ''}${model.id === models.data?.default ? ' — default' : ''}`,
    })),
  ];
  const selected = value ?? (builtIn ? BUILT_IN : (models.data?.default ?? BUILT_IN));
  return (
    <SelectField
      label="Written by"
      value={selected}
      options={options}
      disabled={disabled}
      onChange={(next) => onChange(next === BUILT_IN ? null : next)}
      className="max-w-sm"
    />
  );
}

/** The screens' answer when a mode needs a model and the server has none. */
export function ConnectModelNotice() {
  return (
    <Alert variant="info">
      <PlugZap />
      <AlertTitle>This needs a language model</AlertTitle>
      <AlertDescription>
        <p>{CONNECT_MODEL_HELP}</p>
      </AlertDescription>
    </Alert>
  );
}
