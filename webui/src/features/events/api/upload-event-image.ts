import { api, unwrap } from '../../../lib/api-client';

// The event's image (file_type=event); the answer's file_url is a same-origin /uploads/... path.
export function uploadEventImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  form.append('file_type', 'event');
  // openapi-fetch passes FormData through as it is; the contract types the fields.
  return unwrap(api.POST('/api/v1/file_upload', { body: form as never }));
}
