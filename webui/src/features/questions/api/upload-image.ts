import { apiRequest } from '../../../lib/api-client';

// Uploads an image for a question or answer body (file_type=question); the answer's file_url
// is a same-origin path such as /uploads/question/<hex>.png.
// (accounts/api/upload-file.ts only types the 'profile' kind, so the call is made here.)
export function uploadQuestionImage(file: File): Promise<{ file_url: string }> {
  const form = new FormData();
  form.append('file', file);
  form.append('file_type', 'question');
  return apiRequest<{ file_url: string }>('/api/v1/file_upload', { method: 'POST', form });
}
