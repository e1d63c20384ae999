import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { renderMarkdown } from '../lib/markdown';

// Rendered Markdown, sanitized by DOMPurify (no raw HTML executes).
export function MarkdownView({ source, testId }: { source: string; testId?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Box
      className="markdown-body"
      data-testid={testId}
      sx={{
        overflowWrap: 'anywhere',
        '& pre': { bgcolor: 'grey.100', p: 1.5, borderRadius: 1, overflowX: 'auto' },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse' },
        '& code': { fontFamily: 'monospace' },
        '& img': { maxWidth: '100%' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
