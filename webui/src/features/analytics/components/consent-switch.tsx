import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { showSnackbar } from '../../../lib/feedback';
import { messages } from '../../../lib/messages';
import { browserAsksNotToTrack, effectiveConsent, storeConsent, storedConsent } from '../consent';

export const CONSENT_SAVED_MESSAGE = messages.analytics_consent_saved;

// The opt-out, kept in this browser's localStorage and honoured before every page view.
export function ConsentSwitch() {
  const [consent, setConsent] = useState(() => effectiveConsent(storedConsent(), browserAsksNotToTrack()));
  const onChange = (allowed: boolean) => {
    const next = allowed ? 'granted' : 'denied';
    storeConsent(next);
    setConsent(next);
    showSnackbar(CONSENT_SAVED_MESSAGE);
  };
  return (
    <>
      <FormControlLabel
        control={<Switch checked={consent === 'granted'} onChange={(_e, checked) => onChange(checked)} />}
        label="アクセス解析を許可する"
      />
      <Typography variant="body2" color="text.secondary" data-testid="consent-state">
        現在の設定: {consent === 'granted' ? '許可しています' : '許可していません（計測は送信されません）'}
      </Typography>
    </>
  );
}
