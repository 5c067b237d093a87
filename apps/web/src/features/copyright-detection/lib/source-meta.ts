import type { PlagiarismSourceKind } from '@candor/contracts/tools';
import type { LucideIcon } from 'lucide-react';
import Building2 from 'lucide-react/icons/building-2';
import FileText from 'lucide-react/icons/file-text';
import Globe from 'lucide-react/icons/globe';
import History from 'lucide-react/icons/history';

export const sourceKindMeta: Record<PlagiarismSourceKind, { label: string; icon: LucideIcon }> = {
  document: { label: 'File', icon: FileText },
  url: { label: 'Web page', icon: Globe },
  my_document: { label: 'Your earlier document', icon: History },
  organisation_document: { label: 'Organisation document', icon: Building2 },
};

export interface SourceColour {
  /** A matched passage in the text: background and underline, readable in light and dark mode. */
  mark: string;
  /** The swatch beside the source's number and its similarity bar. */
  swatch: string;
}

/**
 * One colour per source, in list order (cycling after eight). Each source also differs by its number and its
 * underline style, so no reader depends on the colour alone.
 */
const sourcePalette: readonly SourceColour[] = [
  {
    mark: 'bg-sky-500/20 decoration-sky-600 decoration-solid dark:bg-sky-400/25 dark:decoration-sky-400',
    swatch: 'bg-sky-600 dark:bg-sky-400',
  },
  {
    mark: 'bg-amber-500/25 decoration-amber-600 decoration-dashed dark:bg-amber-400/25 dark:decoration-amber-400',
    swatch: 'bg-amber-500 dark:bg-amber-400',
  },
  {
    mark: 'bg-violet-500/20 decoration-violet-600 decoration-dotted dark:bg-violet-400/25 dark:decoration-violet-400',
    swatch: 'bg-violet-600 dark:bg-violet-400',
  },
  {
    mark: 'bg-emerald-500/20 decoration-emerald-600 decoration-double dark:bg-emerald-400/25 dark:decoration-emerald-400',
    swatch: 'bg-emerald-600 dark:bg-emerald-400',
  },
  {
    mark: 'bg-rose-500/20 decoration-rose-600 decoration-wavy dark:bg-rose-400/25 dark:decoration-rose-400',
    swatch: 'bg-rose-600 dark:bg-rose-400',
  },
  {
    mark: 'bg-teal-500/20 decoration-teal-600 decoration-solid dark:bg-teal-400/25 dark:decoration-teal-400',
    swatch: 'bg-teal-600 dark:bg-teal-400',
  },
  {
    mark: 'bg-orange-500/20 decoration-orange-600 decoration-dashed dark:bg-orange-400/25 dark:decoration-orange-400',
    swatch: 'bg-orange-500 dark:bg-orange-400',
  },
  {
    mark: 'bg-fuchsia-500/20 decoration-fuchsia-600 decoration-dotted dark:bg-fuchsia-400/25 dark:decoration-fuchsia-400',
    swatch: 'bg-fuchsia-600 dark:bg-fuchsia-400',
  },
];

export const sourceColour = (position: number): SourceColour =>
  sourcePalette[position % sourcePalette.length] as SourceColour;
