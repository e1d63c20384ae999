import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { AttachFileIcon } from '../../../components/icons';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import { useUploadProfileImage } from '../api/upload-file';
import { messages } from '../../../lib/messages';
import { useImageUpload } from '../../../lib/use-image-upload';
import type { SettingsValues } from '../settings-schema';

export const SUPPORTED_FORMATS_TEXT = messages.image_supported_formats;

// Profile image: preview (default avatar when empty), format note, 'ファイルを添付する'.
export function ProfileImageField({ form }: { form: UseFormReturn<SettingsValues> }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const imageUrl = form.watch('imageUrl');
  const { error, onFile } = useImageUpload(upload.mutateAsync, (url) =>
    form.setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true }),
  );

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={imageUrl || defaultAvatarUrl}
        alt="プロフィール画像"
        sx={{ width: 88, height: 88 }}
        data-testid="settings-avatar"
      />
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          {SUPPORTED_FORMATS_TEXT}
        </Typography>
        <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
          ファイルを添付する
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          onChange={onFile}
          data-testid="profile-image-input"
        />
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
