import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { AttachFileIcon } from '../../../components/icons';
import { useImageUpload } from '../../../lib/use-image-upload';
import { uploadEventImage } from '../api/upload-event-image';

// The event's image: jpg/jpeg/png/webp checked first, uploaded with file_type=event; the
// server's 422/413 message shows under the button. Shows the current image and removes it.
export function EventImageField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const { error, onFile } = useImageUpload(uploadEventImage, onChange);

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2">画像 (jpg/png/webp)</Typography>
      {value && <Box component="img" src={value} alt="イベント画像" sx={{ maxWidth: 320, maxHeight: 180 }} />}
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          ファイルを添付する
        </Button>
        {value && (
          <Button size="small" color="error" onClick={() => onChange('')}>
            画像を削除
          </Button>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/webp"
        onChange={onFile}
        data-testid="event-image-input"
      />
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
