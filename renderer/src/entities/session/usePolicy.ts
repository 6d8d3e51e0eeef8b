import { useMemo } from 'react';
import { useAppSelector } from '../../store/hooks';
import type { Policy } from './policy';
import { createPolicy } from './policy';

/** The signed-in user's policy; recomputed only when the user changes. */
export function usePolicy(): Policy {
  const user = useAppSelector((state) => state.auth.user);
  return useMemo(() => createPolicy(user), [user]);
}
