import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export type FileType = 'profile';

export function uploadFile(file: File, fileType: FileType) {
  const form = new FormData();
  form.append('file', file);
  form.append('file_type', fileType);
  return unwrap(api.POST('/api/v1/file_upload', { body: form as never }));
}

export const useUploadProfileImage = () => useMutation({ mutationFn: (file: File) => uploadFile(file, 'profile') });
