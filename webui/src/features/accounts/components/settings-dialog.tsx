import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { AppTheme } from '../../../components/app-theme';
import { CloseIcon } from '../../../components/icons';
import { useMe } from '../api/get-me';
import type { AccountPrefill } from '../account-param';
import { AccessTokenSettings } from './access-token-settings';
import { DataExportSettings } from './data-export-settings';
import { NotificationSettings } from './notification-settings';
import { SettingsForm } from './settings-form';
import { TwoFactorSettings } from './two-factor-settings';

export const CLOSE_AFTER_SAVE_MS = 10;

export type SettingsTab = 'profile' | 'notifications' | 'two_factor' | 'tokens' | 'my_data';

export interface SettingsDialogProps {
  open: boolean;
  prefill: AccountPrefill | null;
  onClose: () => void;
  initialTab?: SettingsTab;
}

// 設定: five tabs, プロフィール, 通知 (how mail about notifications comes), 二段階認証,
// アクセストークン (for scripts and the camp command) and データのダウンロード ("My data"). Closes by the close icon or a click outside; after a save it
// closes 10 ms later.
export default function SettingsDialog({ open, prefill, onClose, initialTab = 'profile' }: SettingsDialogProps) {
  const { data: account } = useMe();
  const [tab, setTab] = useState<SettingsTab>(initialTab);
  const onSaved = () => setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
  if (!account) return null;
  return (
    <AppTheme>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth={false}
        slotProps={{ paper: { sx: { maxWidth: 800 } } }}
        aria-labelledby="settings-dialog-title"
        data-testid="settings-dialog"
      >
        <DialogTitle id="settings-dialog-title" sx={{ pr: 7 }}>
          設定
        </DialogTitle>
        <IconButton aria-label="閉じる" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
        <Tabs
          value={tab}
          onChange={(_, value: typeof tab) => setTab(value)}
          variant="scrollable"
          sx={{ px: 2 }}
          aria-label="設定の種類"
        >
          <Tab value="profile" label="プロフィール" />
          <Tab value="notifications" label="通知" />
          <Tab value="two_factor" label="二段階認証" />
          <Tab value="tokens" label="アクセストークン" />
          <Tab value="my_data" label="データのダウンロード" />
        </Tabs>
        {open && tab === 'profile' && <SettingsForm account={account} prefill={prefill} onSaved={onSaved} />}
        {open && tab === 'notifications' && <NotificationSettings onSaved={onSaved} />}
        {open && tab === 'two_factor' && <TwoFactorSettings />}
        {open && tab === 'tokens' && <AccessTokenSettings />}
        {open && tab === 'my_data' && <DataExportSettings />}
      </Dialog>
    </AppTheme>
  );
}
