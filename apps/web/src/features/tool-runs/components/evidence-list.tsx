import type { AiDetectionResult } from '@candor/contracts/tools';
import { aiEvidenceTowards, towardsWords } from '@candor/engine-ai-detect/report-wording';
import ArrowDownRight from 'lucide-react/icons/arrow-down-right';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { cn } from '@/lib/utils';

export type Evidence = AiDetectionResult['evidence'][number];

/**
 * Which way a piece of evidence pushed, in words, and its tone: towards AI (red, up), disguised AI (violet, up, as the
 * Humanized Text Detector colours that class) or a person (green, down).
 */
export interface EvidenceDirection {
  words: string;
  tone: 'ai' | 'disguised' | 'human';
}

const toneStyles: Record<EvidenceDirection['tone'], { text: string; bar: string }> = {
  ai: { text: 'text-red-700 dark:text-red-300', bar: 'bg-red-500/70' },
  disguised: { text: 'text-violet-700 dark:text-violet-300', bar: 'bg-violet-500/70' },
  human: { text: 'text-emerald-700 dark:text-emerald-300', bar: 'bg-emerald-500/70' },
};

/** The AI Detector's reading. */
function towardsAiOrHuman(evidence: Evidence): EvidenceDirection {
  const side = aiEvidenceTowards(evidence);
  return { words: towardsWords[side], tone: side };
}

interface EvidenceListProps {
  evidence: readonly Evidence[];
  /** Which way each piece pushed; the AI Detector's reading by default. */
  directionOf?: (evidence: Evidence) => EvidenceDirection;
  /** How strong the strongest piece is drawn against; defaults to the strongest in the list. */
  scale?: number;
  /** Fewer words and no bars, for a sentence's card. */
  compact?: boolean;
  /** Said when there is nothing to list. */
  empty?: string;
}

/**
 * The features behind a score, strongest first, each with the way it pushed (an arrow and words, not colour alone)
 * and, outside the compact form, a bar as long as its weight.
 */
export function EvidenceList({
  evidence,
  scale,
  compact = false,
  empty = 'No single feature stood out.',
  directionOf = towardsAiOrHuman,
}: EvidenceListProps) {
  if (evidence.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  const strongest = scale ?? Math.max(...evidence.map((item) => Math.abs(item.contribution)));
  return (
    <ul className={cn('text-sm', compact ? 'space-y-1.5' : 'space-y-3')} data-print-colors>
      {evidence.map((item) => {
        const direction = directionOf(item);
        const style = toneStyles[direction.tone];
        const Arrow = direction.tone === 'human' ? ArrowDownRight : ArrowUpRight;
        return (
          <li key={item.feature} className="space-y-1">
            <div className="flex items-start justify-between gap-3">
              <span>{item.label}</span>
              <span className={cn('inline-flex shrink-0 items-center gap-0.5 font-medium text-xs', style.text)}>
                <Arrow className="size-3.5" aria-hidden="true" />
                {direction.words}
              </span>
            </div>
            {!compact && strongest > 0 && (
              <span className="block h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className={cn('block h-full rounded-full', style.bar)}
                  style={{ width: `${Math.max(4, (Math.abs(item.contribution) / strongest) * 100)}%` }}
                />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
