import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { AppTheme } from '../../../components/app-theme';
import { messages } from '../../../lib/messages';
import type { QuestionDraftOffer } from '../../../lib/question-handoff';
import { chatSchema, type ChatValues } from '../chat-schema';
import { draftFromConversation } from '../question-draft';
import { useAiChat } from '../use-ai-chat';
import { ChatTurnView } from './chat-turn';

export interface AiChatPanelProps {
  hint?: string;
  // Turns the conversation into a draft question for the mentors (offered once an answer is in).
  onDraftQuestion?: (draft: QuestionDraftOffer) => void;
}

// "AIに聞く": asks AiChatChannel and shows the answer as it streams, with its sources as links.
// On the question list it comes with a hint: ask before posting, a similar question may exist.
export function AiChatPanel({ hint, onDraftQuestion }: AiChatPanelProps) {
  const chat = useAiChat();
  const form = useForm<ChatValues>({ resolver: zodResolver(chatSchema), defaultValues: { input: '' } });
  const submit = form.handleSubmit(({ input }) => {
    chat.send(input);
    form.reset({ input: '' });
  });
  const error = form.formState.errors.input?.message;
  const last = chat.turns.at(-1);
  const answered = last?.role === 'assistant' && !last.streaming;
  return (
    <AppTheme>
      <Paper component="section" variant="outlined" aria-labelledby="ai-chat-title" sx={{ p: 2 }}>
        <Typography id="ai-chat-title" variant="h6" component="h2">
          {messages.ai_chat_title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        )}
        {chat.turns.length > 0 && (
          <Stack spacing={2} sx={{ mt: 2 }} data-testid="ai-chat-turns" aria-live="polite">
            {chat.turns.map((turn, i) => (
              <ChatTurnView key={i} turn={turn} />
            ))}
          </Stack>
        )}
        {answered && onDraftQuestion && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ mt: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="body2" color="text.secondary">
              {messages.ai_chat_ask_mentors_hint}
            </Typography>
            <Button
              variant={last.sources.length === 0 ? 'contained' : 'outlined'}
              onClick={() => onDraftQuestion(draftFromConversation(chat.turns))}
              sx={{ flexShrink: 0 }}
            >
              {messages.ai_chat_ask_mentors}
            </Button>
          </Stack>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
            <TextField
              {...form.register('input')}
              label={messages.ai_chat_title}
              placeholder={messages.ai_chat_placeholder}
              multiline
              minRows={1}
              maxRows={6}
              fullWidth
              size="small"
              error={Boolean(error)}
              helperText={error ?? messages.ai_chat_disclaimer}
            />
            <Button type="submit" variant="contained" disabled={chat.streaming} sx={{ flexShrink: 0 }}>
              {messages.ai_chat_send}
            </Button>
          </Stack>
        </form>
      </Paper>
    </AppTheme>
  );
}
