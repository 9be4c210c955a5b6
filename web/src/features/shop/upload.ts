import { callApi } from '../../api';
import { uploadImage } from '../../lib/image-upload';

export { UploadError } from '../../lib/image-upload';

/**
 * One goods image up: `/api/shop/uploadImg` gives the link (type, size), then the file goes to it.
 * Resolves with the upload id that saveGoods then names.
 */
export function uploadGoodsImage(file: File): Promise<string> {
  return uploadImage(file, (content_type, size) => callApi('/api/shop/uploadImg', { content_type, size }));
}
