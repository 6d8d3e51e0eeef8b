import { de } from '@werkboard/common';
import { ApiError } from '../errors';
import { ImageWorkQueue } from './imageWork';

/** A job that runs until it is released, recording how many ran at once. */
function gate() {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release: () => release() };
}

describe('ImageWorkQueue (issue 13, finding 11)', () => {
  it('runs at most two at once, lets the next in when one ends, and refuses beyond the waiting room', async () => {
    const queue = new ImageWorkQueue(2, 2);
    let most = 0;
    const gates = Array.from({ length: 4 }, gate);
    const jobs = gates.map((g, index) =>
      queue.run(async () => {
        most = Math.max(most, queue.inProgress);
        await g.done;
        return index;
      }),
    );
    await Promise.resolve();
    expect(queue.inProgress).toBe(2);
    const refused = await queue.run(() => Promise.resolve(99)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect([(refused as ApiError).status, (refused as ApiError).message]).toEqual([503, de.team.images.busy]);
    expect((refused as ApiError).headers['Retry-After']).toBe('10');
    for (const g of gates) g.release();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    expect(queue.inProgress).toBe(0);
  });

  it('frees the slot when a job fails', async () => {
    const queue = new ImageWorkQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    await expect(queue.run(() => Promise.resolve('weiter'))).resolves.toBe('weiter');
  });
});
