import type { ResponseData } from '@nexa/contract';
import { ApiFailure, callApi } from '../../api';
import { type ImageProblem, type ImageType, imageProblem } from './shop-math';

/** Why an image did not upload: refused here (type, size), by the server (its words), or the PUT failed. */
export class UploadError extends Error {
  readonly kind: ImageProblem | 'refused' | 'failed';
  /** The server's own words (already in the user's language), when it refused. */
  readonly serverText: string | null;
  /** The most the server takes, when the file was larger. */
  readonly maxBytes: number | null;
  constructor(kind: UploadError['kind'], serverText: string | null = null, maxBytes: number | null = null) {
    super(kind);
    this.name = 'UploadError';
    this.kind = kind;
    this.serverText = serverText;
    this.maxBytes = maxBytes;
  }
}

/**
 * One goods image up, as the contract says: ask `/api/shop/uploadImg` for a link (type, size), then PUT the
 * raw file to that link with exactly the headers it came with. The link is not an API call (no envelope, no
 * session; it may be the storage's own address), so it goes through `fetch`, not the API client.
 * Resolves with the upload id that saveGoods then names.
 */
export async function uploadGoodsImage(file: File): Promise<string> {
  const local = imageProblem(file);
  if (local) throw new UploadError(local);
  let link: ResponseData<'/api/shop/uploadImg'>;
  try {
    link = await callApi('/api/shop/uploadImg', { content_type: file.type as ImageType, size: file.size });
  } catch (error) {
    if (error instanceof ApiFailure && error.body) throw new UploadError('refused', error.body.msg);
    throw new UploadError('failed');
  }
  if (imageProblem(file, link.max_bytes) === 'size') throw new UploadError('size', null, link.max_bytes);
  let response: Response;
  try {
    response = await fetch(link.url, { method: link.method, headers: link.headers, body: file });
  } catch {
    throw new UploadError('failed');
  }
  if (!response.ok) {
    // The storage's verdict: too large (413), not the image it was said to be (415, 422).
    const kind =
      response.status === 413
        ? 'size'
        : response.status === 415 || response.status === 422
          ? 'type'
          : 'failed';
    throw new UploadError(kind, null, link.max_bytes);
  }
  return link.upload_id;
}
