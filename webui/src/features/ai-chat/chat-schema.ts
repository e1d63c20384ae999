import { z } from 'zod';
import { messages } from '../../lib/messages';
import { trimSpace } from '../../lib/validation';

export const MAX_INPUT_CHARS = 2000; // ai_chat.max_input_chars (the daemon checks it too)

export const chatSchema = z.object({
  input: z
    .string()
    .overwrite(trimSpace)
    .min(1, messages.ai_chat_input_required)
    .refine(
      (v) => [...v].length <= MAX_INPUT_CHARS,
      messages.ai_chat_input_too_long.replace('{count}', String(MAX_INPUT_CHARS)),
    ),
});

export type ChatValues = z.infer<typeof chatSchema>;
