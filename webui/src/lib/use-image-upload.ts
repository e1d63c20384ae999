import { useState, type ChangeEvent } from 'react';
import { ApiError, errorStatus } from './api-client';
import { showErrorPage, withLoading } from './feedback';
import { imageFileError } from './validation';

// A hidden <input type="file"> for an image: checks the format before sending, uploads with
// the loading overlay, hands the file_url over. A refused file (422, 413) shows the server's
// message next to the button; any other failure opens the error page.
export function useImageUpload(
  upload: (file: File) => Promise<{ file_url: string }>,
  onUploaded: (url: string) => void,
) {
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = imageFileError(file);
    setError(invalid);
    if (invalid) return;
    try {
      const { file_url } = await withLoading(() => upload(file));
      onUploaded(file_url);
    } catch (cause) {
      if (cause instanceof ApiError && (cause.status === 422 || cause.status === 413)) setError(cause.message);
      else showErrorPage(errorStatus(cause));
    }
  };

  return { error, onFile };
}
