import { apiAddress } from '../api/address';
import { ApiFailure } from '../api/failure';
import { type ImageProblem, type ImageType, imageProblem } from './image-file';

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

/** The link an upload endpoint hands out: PUT the file to `url` with `headers`, then name `upload_id`. */
export interface UploadLink {
  readonly upload_id: string;
  readonly url: string;
  readonly method: 'PUT';
  readonly headers: Readonly<Record<string, string>>;
  readonly max_bytes: number;
}

/**
 * One image up in two steps: `requestLink` asks the caller's own endpoint for a link (the file's type and
 * size), then the raw file is PUT to that link with exactly the headers it came with. The link is not an
 * API call (no envelope, no session; it may be the storage's own address), so it goes through `fetch`,
 * not the API client; a path is on the API's host. Resolves with the upload id the caller's form then names.
 */
export async function uploadImage(
  file: File,
  requestLink: (contentType: ImageType, size: number) => Promise<UploadLink>,
): Promise<string> {
  const local = imageProblem(file);
  if (local) throw new UploadError(local);
  let link: UploadLink;
  try {
    // A JPEG or PNG: imageProblem let nothing else through.
    link = await requestLink(file.type as ImageType, file.size);
  } catch (error) {
    if (error instanceof ApiFailure && error.body) throw new UploadError('refused', error.body.msg);
    throw new UploadError('failed');
  }
  if (imageProblem(file, link.max_bytes) === 'size') throw new UploadError('size', null, link.max_bytes);
  let response: Response;
  try {
    response = await fetch(apiAddress(link.url), { method: link.method, headers: link.headers, body: file });
  } catch {
    throw new UploadError('failed');
  }
  if (!response.ok) {
    // Busy (one image of a user at a time, or a full line): the server's own words, in the user's language.
    if (response.status === 429 || response.status === 503) {
      const body: unknown = await response.json().catch(() => null);
      const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
      if (typeof msg === 'string' && msg) throw new UploadError('refused', msg);
    }
    // The storage's own verdict: too large (413), not the image it was said to be (415), or not one at all (422).
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
