import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setSessionHooks } from '../../../shared/api/client';
import { readQueueFile } from './queues.api';

describe('readQueueFile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setSessionHooks({ getToken: () => null });
  });

  it('reads the operator route with the session token and answers the bytes as a blob', async () => {
    setSessionHooks({ getToken: () => 'operator-token' });
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const blob = await readQueueFile('AbCdEfGhIjKlMnOpQrStUv');
    expect(blob.type).toBe('image/jpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/swx/admin/uploads/AbCdEfGhIjKlMnOpQrStUv');
    expect(init?.headers).toMatchObject({ Authorization: 'operator-token' });
  });

  it('throws the server’s refusal (a file no queue holds, or a kind the operator may not decide)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 403, msg: 'Forbidden', data: null }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(readQueueFile('AbCdEfGhIjKlMnOpQrStUv')).rejects.toBeInstanceOf(ApiError);
    await expect(readQueueFile('AbCdEfGhIjKlMnOpQrStUv')).rejects.toMatchObject({ code: 403 });
  });
});
