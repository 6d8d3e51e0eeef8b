import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { deStart } from '@werkboard/common';
import { verifySession } from '../entities/session/sessionThunks';
import { useAppDispatch, useAppSelector } from '../store/hooks';

/** The plain text screen of spec section 2 while authentication loads. */
export function AuthenticatingScreen() {
  return <p className="authenticating">{deStart.app.authenticating}</p>;
}

/** Checks a stored session once per run (GET /auth/me) before any route renders. */
export function AuthGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { token, verified } = useAppSelector((state) => state.auth);
  const pending = token !== null && !verified;

  useEffect(() => {
    if (pending) void dispatch(verifySession());
  }, [dispatch, pending]);

  return pending ? <AuthenticatingScreen /> : children;
}
