import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type FileType = 'profile';

export function uploadFile(file: File, fileType: FileType): Promise<{ file_url: string }> {
  const form = new FormData();
  form.append('file', file);
  form.append('file_type', fileType);
  return apiRequest<{ file_url: string }>('/api/v1/file_upload', { method: 'POST', form });
}

export const useUploadProfileImage = () => useMutation({ mutationFn: (file: File) => uploadFile(file, 'profile') });
