import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { errorStatus } from '../../../lib/api-client';
import type { MailPreference, NotificationPreferences } from '../../../lib/api-types';
import { showErrorPage, showSnackbar, withLoading } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { categoryLabel, notificationCategories } from '../../../lib/notification-categories';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/notification-preferences';

export const mailChoices: { value: MailPreference; label: string }[] = [
  { value: 'immediately', label: 'すぐにメール' },
  { value: 'daily', label: '1日1回まとめて' },
  { value: 'never', label: 'メールしない' },
];
const choiceLabel = (value: MailPreference) => mailChoices.find((c) => c.value === value)?.label ?? '';

// 通知 tab of the settings: per category how the person hears of it by mail (the app always
// shows it), and the two switches that turn school mail and the magazine back on.
export function NotificationSettings({ onSaved }: { onSaved: () => void }) {
  const preferences = useNotificationPreferences();
  useEffect(() => {
    if (preferences.error) showErrorPage(errorStatus(preferences.error));
  }, [preferences.error]);
  if (preferences.error) return null;
  if (!preferences.data) return <LinearProgress aria-label="読み込み中" />;
  return <PreferencesForm initial={preferences.data} onSaved={onSaved} />;
}

function PreferencesForm({ initial, onSaved }: { initial: NotificationPreferences; onSaved: () => void }) {
  const update = useUpdateNotificationPreferences();
  const [mail, setMail] = useState(initial.mail);
  const [schoolMail, setSchoolMail] = useState(initial.school_mail);
  const [magazine, setMagazine] = useState(initial.magazine);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await withLoading(() => update.mutateAsync({ mail, school_mail: schoolMail, magazine }));
      showSnackbar(messages.notification_preferences_saved);
      onSaved();
    } catch (error) {
      showErrorPage(errorStatus(error));
    }
  };

  return (
    // A flex column, so the choices scroll inside the dialog and 保存 stays in view on a phone.
    <form
      onSubmit={(e) => void save(e)}
      noValidate
      data-testid="notification-settings"
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Typography variant="body2" color="text.secondary">
            通知はいつでもアプリの通知一覧に届きます。メールで受け取る方法を種類ごとに選べます。
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            {notificationCategories.map((category) => (
              <TextField
                key={category}
                select
                fullWidth
                size="small"
                label={categoryLabel(category)}
                value={mail[category]}
                onChange={(e) => setMail({ ...mail, [category]: e.target.value as MailPreference })}
                helperText={`初期設定: ${choiceLabel(initial.defaults[category])}`}
              >
                {mailChoices.map((choice) => (
                  <MenuItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
          <Divider />
          <FormControlLabel
            control={<Switch checked={schoolMail} onChange={(e) => setSchoolMail(e.target.checked)} />}
            label="スクールからのメールを受け取る"
          />
          {!schoolMail && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
              オフの間は、上の設定にかかわらずスクールからのメールは届きません（パスワード再設定などは届きます）。
            </Typography>
          )}
          <FormControlLabel
            control={<Switch checked={magazine} onChange={(e) => setMagazine(e.target.checked)} />}
            label="メールマガジンを受け取る"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          保存
        </Button>
      </DialogActions>
    </form>
  );
}
