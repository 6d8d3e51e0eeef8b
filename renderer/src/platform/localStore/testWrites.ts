import type { QueuedWrite } from '../syncQueue';

export const TEST_PROJECT_ID = '0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';

/** A queued save of the test project, for the LocalStore implementations' tests. */
export function queuedWrite(key: string, overrides: Partial<QueuedWrite> = {}): QueuedWrite {
  return {
    key,
    queuedAt: '2026-11-23T08:00:00.000Z',
    method: 'PUT',
    path: `/projects/${TEST_PROJECT_ID}`,
    userId: 'u-1',
    attempts: 0,
    ...overrides,
  };
}
