import { createTheme } from '@mui/material/styles';
import { jaJP } from '@mui/material/locale';

// Orange primary (the original was Material-styled). #c2410c keeps 5.2:1 contrast with white
// text, so contained buttons and links pass WCAG AA.
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#c2410c', contrastText: '#ffffff' },
      secondary: { main: '#334155' },
      background: { default: '#f7f5f2' },
    },
    typography: {
      fontFamily: '"Noto Sans JP", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", sans-serif',
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1025, xl: 1536 } },
  },
  jaJP,
);
