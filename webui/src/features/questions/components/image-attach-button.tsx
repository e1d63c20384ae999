import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { AttachFileIcon } from '../../../components/icons';
import { useImageUpload } from '../../../lib/use-image-upload';
import { uploadQuestionImage } from '../api/upload-image';
import type { Selection } from '../markdown-image';

// '画像を添付する': checks the format, uploads (file_type=question) and hands the file_url over.
// 422/413 answers show the server's message under the button.
export function ImageAttachButton({ onUploaded, testId }: { onUploaded: (url: string) => void; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { error, onFile } = useImageUpload(uploadQuestionImage, onUploaded);

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
        画像を添付する
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/webp"
        onChange={onFile}
        data-testid={testId}
      />
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}

// Remembers the body textarea's cursor once it has been focused (the selection survives the
// click on the button); before that, images go at the end. After an insertion the cursor is
// placed right after the image.
export function useTextCursor() {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const focused = useRef(false);
  return {
    inputRef: element,
    onFocus: () => {
      focused.current = true;
    },
    selection: (): Selection | null => {
      const el = element.current;
      if (!el || !focused.current) return null;
      return { start: el.selectionStart, end: el.selectionEnd };
    },
    moveTo: (cursor: number) => {
      requestAnimationFrame(() => {
        const el = element.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(cursor, cursor);
      });
    },
  };
}
