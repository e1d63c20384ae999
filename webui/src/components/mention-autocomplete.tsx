// The markdown editors' @ autocomplete: typing `@` and the start of a nickname lists whom the
// writer may mention there (GET /api/v1/mentionables); Enter or Tab (or a click) puts
// `@nickname ` in, Escape closes. IME composition (Japanese input) is left alone.
import Avatar from '@mui/material/Avatar';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import defaultAvatarUrl from '../assets/default-avatar.svg';
import { api, unwrap } from '../lib/api-client';
import type { Mentionable } from '../lib/api-types';
import { displayName } from '../lib/display-name';
import { insertMention, mentionQueryAt, type MentionAt } from './mention-text';

export type MentionContext = 'question' | 'review' | 'mentoring';

export interface MentionOptions {
  context: MentionContext;
  /** review: the submission commented on (its student may be mentioned too). */
  submissionId?: number;
  /** Writes the new text into the form. */
  setText: (value: string) => void;
  /** Another ref the editor's element goes to (the image button's cursor). */
  alsoRef?: MutableRefObject<HTMLTextAreaElement | null>;
}

export const mentionKeys = {
  list: (context: MentionContext, q: string, submissionId?: number) => ['mentionables', context, q, submissionId ?? null] as const,
};

const getMentionables = (context: MentionContext, q: string, submissionId?: number) =>
  unwrap(api.GET('/api/v1/mentionables', { params: { query: { context, q, submission_id: submissionId } } }));

export function useMentionAutocomplete({ context, submissionId, setText, alsoRef }: MentionOptions) {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [at, setAt] = useState<MentionAt | null>(null);
  const [active, setActive] = useState(0);
  const found = useQuery({
    queryKey: mentionKeys.list(context, at?.query ?? '', submissionId),
    queryFn: () => getMentionables(context, at?.query ?? '', submissionId),
    enabled: at !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items: Mentionable[] = at ? (found.data?.data ?? []) : [];
  const open = Boolean(at && anchor && items.length > 0);

  const inputRef = useCallback(
    (el: HTMLTextAreaElement | null) => {
      element.current = el;
      if (alsoRef) alsoRef.current = el;
      setAnchor(el);
    },
    [alsoRef],
  );

  const onCaret = () => {
    const el = element.current;
    if (!el || el.selectionStart === null || el.selectionStart !== el.selectionEnd) return setAt(null);
    const next = mentionQueryAt(el.value, el.selectionStart);
    setAt(next);
    if (next?.query !== at?.query) setActive(0);
  };

  const choose = (nickname: string) => {
    const el = element.current;
    if (!el || !at) return;
    const next = insertMention(el.value, at, el.selectionStart ?? el.value.length, nickname);
    setText(next.value);
    setAt(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : items.length - 1;
      setActive((i) => (i + step) % items.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      choose(items[Math.min(active, items.length - 1)].nickname);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setAt(null);
    }
  };

  const popup = (
    <Popper open={open} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: (t) => t.zIndex.modal + 1 }}>
      <Paper elevation={4}>
        <MenuList dense aria-label="メンションの候補">
          {items.map((a, i) => (
            <MenuItem
              key={a.id}
              selected={i === active}
              // Keep the focus in the editor: the choice is made on mouse down.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(a.nickname);
              }}
            >
              <Avatar src={a.image_url || defaultAvatarUrl} alt="" sx={{ width: 24, height: 24, mr: 1 }} />
              {displayName(a)}
            </MenuItem>
          ))}
        </MenuList>
      </Paper>
    </Popper>
  );

  // Keys the list handles leave the caret where choose() puts it.
  const onKeyUp = (event: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key)) onCaret();
  };

  /** For the TextField's slotProps.htmlInput. */
  const inputProps = { onKeyDown, onKeyUp, onClick: onCaret, onInput: onCaret };
  return { inputRef, inputProps, popup, open };
}
