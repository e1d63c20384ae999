import Box from '@mui/material/Box';
import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { renderChatMarkdown } from '../../../lib/markdown';

// An AI answer as Markdown for quoting (renderChatMarkdown: headings as bold lines, links only
// to this site): quotes are set off by a rule at their side, code and tables keep their shape,
// and a link opens its page in the app without reloading it.
export function ChatAnswerMarkdown({ source }: { source: string }) {
  const html = useMemo(() => renderChatMarkdown(source), [source]);
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    const href = (event.target as Element).closest('a')?.getAttribute('href');
    if (!href?.startsWith('/') || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    <Box
      className="markdown-body"
      onClick={follow}
      sx={{
        typography: 'body2',
        overflowWrap: 'anywhere',
        '& p': { my: 0.75 },
        '& ol, & ul': { pl: 3, my: 0.75 },
        '& li + li': { mt: 1 },
        '& blockquote': {
          mx: 0,
          my: 0.75,
          pl: 1.5,
          borderLeft: 3,
          borderColor: 'divider',
          color: 'text.secondary',
        },
        '& a': { color: 'primary.main' },
        '& pre': { bgcolor: 'grey.100', color: 'text.primary', p: 1, borderRadius: 1, overflowX: 'auto' },
        '& code': { fontFamily: 'monospace', fontSize: '0.8125rem' },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', my: 0.75 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.25, textAlign: 'left' },
        '& img': { maxWidth: '100%' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
