import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), ticking once a second; 0 when past or null. */
export function useCountdown(until: number | null): number {
  const compute = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compute only depends on `until`
  useEffect(() => {
    setLeft(compute());
    if (until === null) return;
    const timer = window.setInterval(() => {
      const next = compute();
      setLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
