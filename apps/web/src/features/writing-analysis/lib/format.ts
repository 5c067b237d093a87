// How the Writing Analysis screen prints numbers; what the scores mean is @candor/engine-writing/interpret.

export const formatScore = (score: number) => score.toFixed(1);

/** "45 s", "3 min", "1 h 5 min": reading and speaking times rounded to what a reader cares about. */
export function formatDuration(totalSeconds: number): string {
  if (totalSeconds < 60) return `${Math.max(0, Math.round(totalSeconds))} s`;
  const minutes = Math.round(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
