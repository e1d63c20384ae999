import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { messages } from '../../../lib/messages';
import { chatSchema, type ChatValues } from '../chat-schema';
import { useAiChat } from '../use-ai-chat';
import { ChatTurnView } from './chat-turn';

// "AIに聞く": asks AiChatChannel and shows the answer as it streams, with its sources as links.
// On the question list it comes with a hint: ask before posting, a similar question may exist.
export function AiChatPanel({ hint }: { hint?: string }) {
  const chat = useAiChat();
  const form = useForm<ChatValues>({ resolver: zodResolver(chatSchema), defaultValues: { input: '' } });
  const submit = form.handleSubmit(({ input }) => {
    chat.send(input);
    form.reset({ input: '' });
  });
  const error = form.formState.errors.input?.message;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="ai-chat-title" sx={{ p: 2, mt: 4 }}>
      <Typography id="ai-chat-title" variant="h6" component="h2">
        {messages.ai_chat_title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {hint}
        </Typography>
      )}
      <Stack spacing={2} sx={{ my: 2 }} data-testid="ai-chat-turns" aria-live="polite">
        {chat.turns.map((turn, i) => (
          <ChatTurnView key={i} turn={turn} />
        ))}
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
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
          <Button type="submit" variant="contained" disabled={chat.streaming}>
            {messages.ai_chat_send}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
