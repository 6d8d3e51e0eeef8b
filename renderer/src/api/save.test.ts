import type { ApiClient } from './client';
import { NetworkError } from './errors';
import { createSave } from './save';

function fakeApi(request: ApiClient['request']): ApiClient {
  return { request, get: jest.fn(), getText: jest.fn() };
}

describe('save', () => {
  it('sends the write through the API client with its method and body', async () => {
    const request = jest.fn().mockResolvedValue({ id: 'p1' });
    const save = createSave(fakeApi(request));

    await expect(save({ method: 'POST', path: '/projects', body: { name: 'Neubau' } })).resolves.toEqual({ id: 'p1' });
    expect(request).toHaveBeenCalledWith('/projects', { method: 'POST', body: { name: 'Neubau' } });
  });

  it('lets a network error through unchanged (no queue exists yet)', async () => {
    const offline = new NetworkError('offline');
    const save = createSave(fakeApi(jest.fn().mockRejectedValue(offline)));

    await expect(save({ method: 'DELETE', path: '/projects/p1' })).rejects.toBe(offline);
  });

  it('passes sessionHandling: false on, so a 409 of that write does not end the session', async () => {
    const request = jest.fn().mockResolvedValue(undefined);
    const save = createSave(fakeApi(request));

    await save({ method: 'POST', path: '/license/activate', body: {}, sessionHandling: false });

    expect(request).toHaveBeenCalledWith('/license/activate', { method: 'POST', body: {}, sessionHandling: false });
  });
});
