/*
 * A chosen image, checked before it goes up (the server checks it again): the types the app uploads,
 * what is wrong with a file, and its size as people read it.
 */

/** The image types the app uploads (an identity document, a goods photo). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Whether a file's type is one the app uploads. */
export function isImageType(type: string): type is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(type);
}

/** Why a chosen file cannot go up as it is: not a JPEG or PNG, empty, or larger than the server takes. */
export type ImageProblem = 'type' | 'empty' | 'size';

/** Whether an image may be uploaded: JPEG or PNG, not empty, within `maxBytes` when it is known. */
export function imageProblem(
  file: { readonly type: string; readonly size: number },
  maxBytes?: number,
): ImageProblem | null {
  if (!isImageType(file.type)) return 'type';
  if (file.size <= 0) return 'empty';
  if (maxBytes !== undefined && file.size > maxBytes) return 'size';
  return null;
}

/** Bytes as people read them: "820 KB", "4.5 MB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10} MB`;
}
