// What every dashboard chart shares: the theme's colours and the catalogue's words for the
// chart library's own texts (it has no Japanese locale).
import { useTheme } from '@mui/material/styles';
import { messages } from '../../../lib/messages';
import type { Tone } from '../figures';

export const chartLocaleText = { noData: messages.chart_no_data, loading: messages.chart_loading };

/** The palette's main colour of each tone. */
export function useToneColours(): Record<Tone, string> {
  const { palette } = useTheme();
  return {
    primary: palette.primary.main,
    secondary: palette.secondary.main,
    warning: palette.warning.main,
    error: palette.error.main,
  };
}
