import type { EnhancerVariant } from '@candor/contracts/tools';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

type Meaning = EnhancerVariant['meaning'];
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The meaning score and what it is made of, in words. */
export function MeaningScore({ meaning }: { meaning: Meaning }) {
  return (
    <div>
      <p className="font-semibold text-2xl tabular-nums">{percent(meaning.score)}</p>
      <p className="text-muted-foreground text-sm">meaning kept</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Content words</dt>
        <dd className="tabular-nums">{percent(meaning.content)}</dd>
        <dt className="text-muted-foreground">Names, numbers, terms</dt>
        <dd className="tabular-nums">{percent(meaning.protected)}</dd>
        <dt className="text-muted-foreground">Fluency</dt>
        <dd className="tabular-nums">{percent(meaning.fluency)}</dd>
        <dt className="text-muted-foreground">Negations</dt>
        <dd>{meaning.negation_kept ? 'kept' : 'changed'}</dd>
      </dl>
    </div>
  );
}

/** Said when the meaning score fell under the floor: the text may now say something else. */
export function MeaningWarning({ score, floor }: { score: number; floor: number }) {
  return (
    <Alert variant="warning">
      <TriangleAlert />
      <AlertTitle>The meaning may have changed</AlertTitle>
      <AlertDescription>
        <p>
          This version kept {percent(score)} of the meaning, under the {percent(floor)} Candor aims for. Read it against
          the original before you use it, or try a lighter strength.
        </p>
      </AlertDescription>
    </Alert>
  );
}
