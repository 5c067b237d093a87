import { lazy, Suspense, useEffect, useState } from 'react';
import { registerToasterHost } from '@/lib/toast';

const Toaster = lazy(() => import('@/components/ui/sonner').then((m) => ({ default: m.Toaster })));

/** Mounts the sonner Toaster (duration 4 s, 3 visible, bottom-right) once the app shows its first toast. */
export function ToasterHost() {
  const [visible, setVisible] = useState(false);
  useEffect(() => registerToasterHost(() => setVisible(true)), []);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
