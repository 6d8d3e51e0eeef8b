import type { ApiClient } from './client';
import { ApiError, NetworkError, SessionLostError } from './errors';
import type { SaveQueue } from './save';
import { createSave, QUEUED } from './save';

function fakeApi(request: ApiClient['request']): ApiClient {
  return { request, get: jest.fn(), getText: jest.fn(), openStream: jest.fn() };
}

/** A queue that records what the save path asks of it (the engine itself is tested in features/sync). */
function recordingQueue(overrides: Partial<SaveQueue> = {}) {
  const enqueued: unknown[] = [];
  const queue: SaveQueue = {
    hasPending: () => false,
    online: () => true,
    enqueue: (write) => {
      enqueued.push(write);
      return Promise.resolve();
    },
    sync: jest.fn(() => Promise.resolve()),
    newKey: () => 'k-1',
    remember: jest.fn(),
    ...overrides,
  };
  return { queue, enqueued };
}

describe('save', () => {
  it('sends the write through the API client with its method and body', async () => {
    const request = jest.fn().mockResolvedValue({ id: 'p1' });
    const save = createSave(fakeApi(request), recordingQueue().queue);

    await expect(save({ method: 'POST', path: '/projects', body: { name: 'Neubau' } })).resolves.toEqual({ id: 'p1' });
    expect(request).toHaveBeenCalledWith('/projects', { method: 'POST', body: { name: 'Neubau' } });
  });

  it('lets a network error of a write that cannot wait through, and queues nothing', async () => {
    const offline = new NetworkError('offline');
    const { queue, enqueued } = recordingQueue();
    const save = createSave(fakeApi(jest.fn().mockRejectedValue(offline)), queue);

    await expect(save({ method: 'DELETE', path: '/projects/p1' })).rejects.toBe(offline);
    expect(enqueued).toEqual([]);
  });

  it('passes sessionHandling: false on, so a 409 of that write does not end the session', async () => {
    const request = jest.fn().mockResolvedValue(undefined);
    const save = createSave(fakeApi(request), recordingQueue().queue);

    await save({ method: 'POST', path: '/license/activate', body: {}, sessionHandling: false });

    expect(request).toHaveBeenCalledWith('/license/activate', { method: 'POST', body: {}, sessionHandling: false });
  });

  it('queues a queueable write under the key it was sent with when no answer comes or the server fails', async () => {
    for (const failure of [new NetworkError('offline'), new ApiError('Wartung', 503)]) {
      const { queue, enqueued } = recordingQueue();
      const request = jest.fn().mockRejectedValue(failure);
      const save = createSave(fakeApi(request), queue);
      await expect(save({ method: 'PUT', path: '/settings', body: { a: 1 }, queueable: true })).resolves.toBe(QUEUED);
      expect(request).toHaveBeenCalledWith('/settings', { method: 'PUT', body: { a: 1 }, idempotencyKey: 'k-1' });
      expect(enqueued).toEqual([{ method: 'PUT', path: '/settings', body: { a: 1 }, key: 'k-1' }]);
    }
  });

  it('does not queue a queueable write the server refused (4xx) or a lost session', async () => {
    for (const refusal of [new ApiError('Der Projektname ist erforderlich.', 400), new SessionLostError('x', 401)]) {
      const { queue, enqueued } = recordingQueue();
      const save = createSave(fakeApi(jest.fn().mockRejectedValue(refusal)), queue);
      await expect(save({ method: 'PUT', path: '/settings', body: {}, queueable: true })).rejects.toBe(refusal);
      expect(enqueued).toEqual([]);
    }
  });

  it('puts a queueable write behind queued ones, or straight into the queue offline, without sending it', async () => {
    for (const overrides of [{ hasPending: () => true }, { online: () => false }]) {
      const { queue, enqueued } = recordingQueue(overrides);
      const request = jest.fn();
      const save = createSave(fakeApi(request), queue);
      await expect(save({ method: 'PUT', path: '/settings', body: { b: 2 }, queueable: true })).resolves.toBe(QUEUED);
      expect(request).not.toHaveBeenCalled();
      expect(enqueued).toEqual([{ method: 'PUT', path: '/settings', body: { b: 2 } }]);
      expect(queue.sync).toHaveBeenCalled();
    }
  });
});
