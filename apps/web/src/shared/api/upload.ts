import type { UploadPurpose, UploadResult } from '@crossmart/contract';
import { api } from './index.ts';

/** `POST /api/upload` (multipart): one picture for a purpose, with upload progress. */
export function uploadImage(file: File, purpose: UploadPurpose, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return api.post<UploadResult>('/api/upload', form, {
    repeatSubmit: false,
    ...(onProgress ? { onUploadProgress: onProgress } : {}),
  });
}

/** A private upload (payment evidence) as an object URL; the caller revokes it. */
export async function privateImageUrl(url: string): Promise<string> {
  return URL.createObjectURL(await api.blob(url));
}
