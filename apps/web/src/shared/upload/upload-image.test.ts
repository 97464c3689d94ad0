import { CATALOGUE } from '@openbourse/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setSessionHooks } from '../api/client';
import { fitWithin, MAX_IMAGE_SIDE, prepareImage, uploadImage } from './upload-image';

const MiB = 1024 * 1024;

/** A file of `size` bytes with a type, as the picker hands it over. */
const fileOf = (size: number, type: string, name = 'photo.jpg') => new File([new Uint8Array(size)], name, { type });

let decoded: { width: number; height: number } | null;
let drawn: Array<{ width: number; height: number; type?: string; quality?: number }>;

class FakeOffscreenCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  getContext() {
    return { drawImage: () => undefined };
  }
  async convertToBlob(options: { type?: string; quality?: number }) {
    drawn.push({ width: this.width, height: this.height, ...options });
    return new Blob([new Uint8Array(100)], { type: options.type });
  }
}

beforeEach(() => {
  decoded = { width: 800, height: 600 };
  drawn = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => {
      if (!decoded) throw new Error('cannot decode');
      return { ...decoded, close: () => undefined };
    }),
  );
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the size a photo is drawn at', () => {
  it('scales the longest side down to the cap and the other by the same factor', () => {
    // 4032 × 3024 (a 12 MP phone photo) to 1600: factor 1600/4032 = 0.3968…, 3024 × 0.3968… = 1200.
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    // Portrait 3000 × 4000 to 1600: factor 0.4, 3000 × 0.4 = 1200.
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
  });

  it('rounds to whole pixels', () => {
    // 1601 × 1000 to 1600: factor 0.99937…, 1000 × 0.99937… = 999.38 → 999.
    expect(fitWithin(1601, 1000, 1600)).toEqual({ width: 1600, height: 999 });
    // 2000 × 1333 to 1600: factor 0.8, 1333 × 0.8 = 1066.4 → 1066.
    expect(fitWithin(2000, 1333, 1600)).toEqual({ width: 1600, height: 1066 });
  });

  it('never enlarges a photo already within the cap', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('keeps at least one pixel on a very thin strip', () => {
    // 10000 × 2 to 1600: factor 0.16, 2 × 0.16 = 0.32 → 0, kept at 1.
    expect(fitWithin(10_000, 2, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

describe('preparing an image for upload', () => {
  it('sends a small photo as it is', async () => {
    const file = fileOf(300_000, 'image/jpeg');
    expect(await prepareImage(file)).toBe(file);
    expect(drawn).toEqual([]);
  });

  it('reduces a photo larger than 2000 px on its longest side to 2000 px, as JPEG at 0.85', async () => {
    decoded = { width: 3000, height: 4000 };
    const prepared = await prepareImage(fileOf(500_000, 'image/jpeg'));
    expect(drawn).toEqual([{ width: 1500, height: MAX_IMAGE_SIDE, type: 'image/jpeg', quality: 0.85 }]);
    expect(prepared.type).toBe('image/jpeg');
  });

  it('re-draws a file above the size limit even when it is small in pixels, without enlarging it', async () => {
    decoded = { width: 1200, height: 900 };
    await prepareImage(fileOf(3 * MiB, 'image/png', 'scan.png'));
    expect(drawn).toEqual([{ width: 1200, height: 900, type: 'image/jpeg', quality: 0.85 }]);
  });

  it('caps the longest side at the size asked for', async () => {
    decoded = { width: 4032, height: 3024 };
    await prepareImage(fileOf(500_000, 'image/jpeg'), undefined, { maxSide: 1600 });
    expect(drawn).toEqual([{ width: 1600, height: 1200, type: 'image/jpeg', quality: 0.85 }]);
  });

  it('draws even a small photo again when asked to re-encode it, so its EXIF stays on the device', async () => {
    decoded = { width: 640, height: 480 };
    const file = fileOf(50_000, 'image/jpeg');
    const prepared = await prepareImage(file, undefined, { maxSide: 1600, reencode: true });
    expect(prepared).not.toBe(file);
    expect(drawn).toEqual([{ width: 640, height: 480, type: 'image/jpeg', quality: 0.85 }]);
  });

  it('leaves JPEG 2000 and what the browser cannot decode to the server', async () => {
    const jp2 = fileOf(3 * MiB, 'image/jp2', 'scan.jp2');
    expect(await prepareImage(jp2)).toBe(jp2);
    expect(createImageBitmap).not.toHaveBeenCalled();
    decoded = null;
    const broken = fileOf(3 * MiB, 'image/jpeg');
    expect(await prepareImage(broken)).toBe(broken);
    expect(drawn).toEqual([]);
  });
});

type Sent = { method: string; url: string; headers: Record<string, string>; body: FormData };

/** An XMLHttpRequest that answers `answer` after reporting half and all of the upload. */
function fakeXhr(answer: { status: number; body: unknown }, sent: Sent[]) {
  return class {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    private request: Partial<Sent> = { headers: {} };
    open(method: string, url: string) {
      Object.assign(this.request, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      (this.request.headers as Record<string, string>)[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ ...(this.request as Sent), body });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      queueMicrotask(() => this.onload?.());
    }
  };
}

describe('uploading an image', () => {
  beforeEach(() => {
    setSessionHooks({ getToken: () => 'token-1', getVirtually: () => 'NO' });
  });

  it('posts the file as multipart field `file` with the session headers and answers its id', async () => {
    const sent: Sent[] = [];
    const ok = { status: 200, body: { code: 200, data: { id: 'abc' }, msg: 'ok' } };
    vi.stubGlobal('XMLHttpRequest', fakeXhr(ok, sent));
    const progress: number[] = [];
    const answer = await uploadImage(fileOf(1000, 'image/png', 'a.png'), { onProgress: (f) => progress.push(f) });
    expect(answer).toEqual({ id: 'abc' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('/swx/customer/upload');
    expect(sent[0]?.headers).toMatchObject({ Authorization: 'token-1', virtually: 'NO' });
    expect(sent[0]?.headers.lang).toBeTruthy();
    expect(sent[0]?.body.get('file')).toBeInstanceOf(Blob);
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it('throws the catalogue code of a refusal', async () => {
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(
        { status: 415, body: { code: CATALOGUE.UPLOAD_TYPE_UNSUPPORTED.code, data: null, msg: 'only images' } },
        [],
      ),
    );
    const refusal = await uploadImage(fileOf(1000, 'image/gif', 'a.gif')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe(CATALOGUE.UPLOAD_TYPE_UNSUPPORTED.code);
  });
});
