import { api, unwrap } from '../../../lib/api-client';

// Uploads an image for a question or answer body (file_type=question); the answer's file_url
// is a same-origin path such as /uploads/question/<hex>.png.
export function uploadQuestionImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('file_type', 'question');
  // openapi-fetch passes FormData through as it is; the contract types the fields.
  return unwrap(api.POST('/api/v1/file_upload', { body: form as never }));
}
