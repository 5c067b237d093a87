/** How one entity group is drawn; every class is readable in light and dark mode. */
export interface EntityColour {
  /** A finding that will be redacted, in the text: a tinted background and a solid underline. */
  marked: string;
  /** A finding that will be kept: only a dashed underline, so it is still findable. */
  kept: string;
  /** A box on a page preview that will be redacted (filled) … */
  boxMarked: string;
  /** … and one that will be kept (a dashed outline). */
  boxKept: string;
  /** The swatch beside a group's name. */
  swatch: string;
}

/**
 * One colour per entity group, in catalogue order (cycling after eight). Redacted and kept findings also differ by
 * fill and line style, so no reader depends on the colour alone.
 */
const palette: readonly EntityColour[] = [
  {
    marked: 'bg-sky-500/25 decoration-sky-600 dark:bg-sky-400/30 dark:decoration-sky-400',
    kept: 'decoration-sky-600/70 decoration-dashed dark:decoration-sky-400/70',
    boxMarked: 'border-sky-700 bg-sky-600/55 dark:border-sky-300 dark:bg-sky-400/55',
    boxKept: 'border-sky-600 border-dashed bg-sky-500/5 dark:border-sky-400',
    swatch: 'bg-sky-600 dark:bg-sky-400',
  },
  {
    marked: 'bg-amber-500/30 decoration-amber-600 dark:bg-amber-400/30 dark:decoration-amber-400',
    kept: 'decoration-amber-600/70 decoration-dashed dark:decoration-amber-400/70',
    boxMarked: 'border-amber-700 bg-amber-500/60 dark:border-amber-300 dark:bg-amber-400/55',
    boxKept: 'border-amber-600 border-dashed bg-amber-500/5 dark:border-amber-400',
    swatch: 'bg-amber-500 dark:bg-amber-400',
  },
  {
    marked: 'bg-violet-500/25 decoration-violet-600 dark:bg-violet-400/30 dark:decoration-violet-400',
    kept: 'decoration-violet-600/70 decoration-dashed dark:decoration-violet-400/70',
    boxMarked: 'border-violet-700 bg-violet-600/55 dark:border-violet-300 dark:bg-violet-400/55',
    boxKept: 'border-violet-600 border-dashed bg-violet-500/5 dark:border-violet-400',
    swatch: 'bg-violet-600 dark:bg-violet-400',
  },
  {
    marked: 'bg-emerald-500/25 decoration-emerald-600 dark:bg-emerald-400/30 dark:decoration-emerald-400',
    kept: 'decoration-emerald-600/70 decoration-dashed dark:decoration-emerald-400/70',
    boxMarked: 'border-emerald-700 bg-emerald-600/55 dark:border-emerald-300 dark:bg-emerald-400/55',
    boxKept: 'border-emerald-600 border-dashed bg-emerald-500/5 dark:border-emerald-400',
    swatch: 'bg-emerald-600 dark:bg-emerald-400',
  },
  {
    marked: 'bg-rose-500/25 decoration-rose-600 dark:bg-rose-400/30 dark:decoration-rose-400',
    kept: 'decoration-rose-600/70 decoration-dashed dark:decoration-rose-400/70',
    boxMarked: 'border-rose-700 bg-rose-600/55 dark:border-rose-300 dark:bg-rose-400/55',
    boxKept: 'border-rose-600 border-dashed bg-rose-500/5 dark:border-rose-400',
    swatch: 'bg-rose-600 dark:bg-rose-400',
  },
  {
    marked: 'bg-teal-500/25 decoration-teal-600 dark:bg-teal-400/30 dark:decoration-teal-400',
    kept: 'decoration-teal-600/70 decoration-dashed dark:decoration-teal-400/70',
    boxMarked: 'border-teal-700 bg-teal-600/55 dark:border-teal-300 dark:bg-teal-400/55',
    boxKept: 'border-teal-600 border-dashed bg-teal-500/5 dark:border-teal-400',
    swatch: 'bg-teal-600 dark:bg-teal-400',
  },
  {
    marked: 'bg-orange-500/25 decoration-orange-600 dark:bg-orange-400/30 dark:decoration-orange-400',
    kept: 'decoration-orange-600/70 decoration-dashed dark:decoration-orange-400/70',
    boxMarked: 'border-orange-700 bg-orange-500/60 dark:border-orange-300 dark:bg-orange-400/55',
    boxKept: 'border-orange-600 border-dashed bg-orange-500/5 dark:border-orange-400',
    swatch: 'bg-orange-500 dark:bg-orange-400',
  },
  {
    marked: 'bg-fuchsia-500/25 decoration-fuchsia-600 dark:bg-fuchsia-400/30 dark:decoration-fuchsia-400',
    kept: 'decoration-fuchsia-600/70 decoration-dashed dark:decoration-fuchsia-400/70',
    boxMarked: 'border-fuchsia-700 bg-fuchsia-600/55 dark:border-fuchsia-300 dark:bg-fuchsia-400/55',
    boxKept: 'border-fuchsia-600 border-dashed bg-fuchsia-500/5 dark:border-fuchsia-400',
    swatch: 'bg-fuchsia-600 dark:bg-fuchsia-400',
  },
];

export const entityColour = (groupPosition: number): EntityColour =>
  palette[Math.max(0, groupPosition) % palette.length] as EntityColour;

/** The user's own selections: neutral, so they read as "yours", not as a kind of personal data. */
export const manualColour: EntityColour = {
  marked: 'bg-zinc-500/30 decoration-zinc-700 dark:bg-zinc-300/30 dark:decoration-zinc-300',
  kept: 'decoration-zinc-500 decoration-dashed',
  boxMarked: 'border-zinc-800 bg-zinc-700/60 dark:border-zinc-200 dark:bg-zinc-300/55',
  boxKept: 'border-zinc-500 border-dashed',
  swatch: 'bg-zinc-700 dark:bg-zinc-300',
};
