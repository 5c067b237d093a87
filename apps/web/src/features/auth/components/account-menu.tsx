import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { userInfoQueryOptions } from '@/lib/session';
import { AccountMenuTrigger } from './account-menu-trigger';

const loadPopup = () => import('./account-menu-popup');
const AccountMenuPopup = lazy(loadPopup);

/**
 * Header account menu. The menu library (Radix + floating-ui) stays out of the first load: it is fetched when the
 * pointer or focus reaches the button, and the menu opens on the first click once it is there.
 */
export function AccountMenu() {
  const { data: user } = useQuery(userInfoQueryOptions());
  const [activated, setActivated] = useState(false);
  if (!user) return null;
  const trigger = (
    <AccountMenuTrigger
      user={user}
      aria-expanded={false}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setActivated(true)}
    />
  );
  if (!activated) return trigger;
  return (
    <Suspense fallback={trigger}>
      <AccountMenuPopup user={user} defaultOpen />
    </Suspense>
  );
}
