import type { RequestInput } from '@nexa/contract';
import { callApi } from '../../api';
import { uploadImage } from '../../lib/image-upload';

export { UploadError } from '../../lib/image-upload';

export type KycPurpose = Extract<RequestInput<'/api/visa/uploadImg'>['purpose'], `kyc_${string}`>;

/**
 * One verification image up: `/api/visa/uploadImg` gives the link (purpose, type, size), then the file
 * goes to it. Resolves with the upload id the form then names.
 */
export function uploadKycImage(file: File, purpose: KycPurpose): Promise<string> {
  return uploadImage(file, (content_type, size) =>
    callApi('/api/visa/uploadImg', { purpose, content_type, size }),
  );
}
