import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { AttachFileIcon } from '../../../components/icons';
import { ApiError, errorStatus } from '../../../lib/api-client';
import { showErrorPage, withLoading } from '../../../lib/feedback';
import defaultAvatarUrl from '../../../assets/default-avatar.svg';
import { useUploadProfileImage } from '../api/upload-file';
import { imageFileError } from '../../../lib/validation';
import type { SettingsValues } from '../settings-schema';

export const SUPPORTED_FORMATS_TEXT = '対応形式: jpg / jpeg / png / webp';

// Profile image: preview (default avatar when empty), format note, 'ファイルを添付する'.
export function ProfileImageField({ form }: { form: UseFormReturn<SettingsValues> }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const [error, setError] = useState<string | null>(null);
  const imageUrl = form.watch('imageUrl');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const invalid = imageFileError(file);
    setError(invalid);
    if (invalid) return;
    try {
      const { file_url } = await withLoading(() => upload.mutateAsync(file));
      form.setValue('imageUrl', file_url, { shouldDirty: true, shouldValidate: true });
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 422) setError(cause.message);
      else showErrorPage(errorStatus(cause));
    }
  };

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
