import { useCallback, useEffect, useState } from 'react';
import { serverMessageOr } from '../../api/errors';
import type { AppThunk } from '../../store';
import { useAppDispatch } from '../../store/hooks';

export type AdminLoad<T> =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; data: T };

/**
 * One read of the admin overview, made when the section mounts and again on `reload`.
 * A failure keeps the server's German message (a 403 says why) or the section's own text.
 * `update` changes the loaded data in place (after a delete or a reassignment).
 */
export function useAdminData<T>(read: () => AppThunk<Promise<T>>, failure: string) {
  const dispatch = useAppDispatch();
  const [load, setLoad] = useState<AdminLoad<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    dispatch(read()).then(
      (data) => {
        if (current) setLoad({ status: 'loaded', data });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', message: serverMessageOr(error, failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, read, failure, generation]);

  const reload = useCallback(() => setGeneration((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setLoad((before) => (before.status === 'loaded' ? { status: 'loaded', data: change(before.data) } : before)),
    [],
  );

  return { load, reload, update };
}
