import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { dependentsOf, emptyValueOf, fieldByKey, isVisible, optionsOf } from '../definition';
import type { QuestionnaireDraft } from '../questionnaire-draft';
import { answersSchema } from '../questionnaire-schema';
import type { Answers, QuestionnaireDefinition } from '../types';
import { QuestionnaireField } from './questionnaire-field';

export interface QuestionnaireFormProps {
  definition: QuestionnaireDefinition;
  draft: QuestionnaireDraft;
  /** The daemon's 422 `fields` (key → messages), shown under their fields on arrival. */
  serverErrors?: Record<string, string[]>;
  onConfirm: (answers: Answers) => void;
}

// The definition's sections and fields, rendered by type; a field shows only while its
// condition holds, and a dependent select is cleared when the select above it changes. Every
// change goes into the draft at once (it survives leaving the page).
export function QuestionnaireForm({ definition, draft, serverErrors, onConfirm }: QuestionnaireFormProps) {
  const fields = useMemo(() => fieldByKey(definition), [definition]);
  const parents = useMemo(() => new Set([...fields.values()].map((f) => f.depends_on)), [fields]);
  const defaultValues = useMemo(() => {
    const stored = draft.store.get();
    return Object.fromEntries([...fields.values()].map((f) => [f.key, stored[f.key] ?? emptyValueOf(f)])) as Answers;
  }, [fields, draft]);
  const { control, handleSubmit, setValue, setError } = useForm<Answers>({
    mode: 'onTouched',
    resolver: zodResolver(answersSchema(definition)),
    defaultValues,
  });
  const answers = useWatch({ control }) as Answers;

  useEffect(() => {
    let first = true;
    for (const [key, list] of Object.entries(serverErrors ?? {})) {
      if (!fields.has(key) || !list[0]) continue;
      setError(key, { type: 'server', message: list[0] }, { shouldFocus: first });
      first = false;
    }
  }, [serverErrors, fields, setError]);

  const change = (key: string, value: Answers[string], onChange: (v: Answers[string]) => void) => {
    onChange(value);
    draft.setField(key, value);
    for (const dependent of dependentsOf(definition, key)) {
      const empty = emptyValueOf(fields.get(dependent) as NonNullable<ReturnType<typeof fields.get>>);
      setValue(dependent, empty);
      draft.setField(dependent, empty);
    }
  };

  return (
    <form onSubmit={handleSubmit(onConfirm)} noValidate aria-label={definition.title}>
      <Stack spacing={4}>
        {definition.sections.map((section) => (
          <Stack component="section" spacing={3} key={section.title}>
            <Typography variant="h6" component="h2">
              {section.title}
            </Typography>
            {section.fields
              .filter((field) => isVisible(field, answers, fields))
              .map((field) => (
                <Controller
                  key={field.key}
                  control={control}
                  name={field.key}
                  render={({ field: input, fieldState }) => (
                    <QuestionnaireField
                      field={field}
                      value={input.value}
                      options={optionsOf(field, answers)}
                      error={fieldState.error?.message}
                      onChange={(value) => change(field.key, value, input.onChange)}
                      onBlur={input.onBlur}
                      inputRef={input.ref}
                      preferSelect={parents.has(field.key)}
                    />
                  )}
                />
              ))}
          </Stack>
        ))}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            確認画面へ
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
