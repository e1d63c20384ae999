import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../lib/messages';
import type { ChatTurn } from '../types';
import { ChatAnswerMarkdown } from './chat-answer-markdown';

// One message: the student's as plain text, the AI's as Markdown for quoting, with its sources.
export function ChatTurnView({ turn }: { turn: ChatTurn }) {
  if (turn.role === 'user') {
    return (
      <Box sx={{ alignSelf: 'flex-end', bgcolor: 'grey.100', borderRadius: 2, px: 2, py: 1, maxWidth: '85%' }}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {turn.text}
        </Typography>
      </Box>
    );
  }
  return (
    <Box data-testid="ai-chat-answer" aria-busy={turn.streaming} sx={{ maxWidth: '100%' }}>
      {turn.text && <ChatAnswerMarkdown source={turn.text} />}
      {turn.error && <Alert severity="error">{turn.error}</Alert>}
      {turn.sources.length > 0 && (
        <Box component="nav" aria-label={messages.ai_chat_sources} sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {messages.ai_chat_sources}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="ai-chat-sources">
            {turn.sources.map((s) => (
              <li key={s.url}>
                <Link component={RouterLink} to={s.url} variant="body2">
                  {s.title}
                </Link>
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.5 }}>
                  {'('}
                  {s.kind === 'question' ? messages.ai_chat_kind_question : messages.ai_chat_kind_curriculum}
                  {')'}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
