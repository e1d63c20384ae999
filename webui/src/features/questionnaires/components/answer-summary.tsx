import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayValue, fieldByKey, isVisible } from '../definition';
import type { Answers, QuestionnaireDefinition } from '../types';

// The answer as it will be (or was) stored: each shown field's label and its value, option
// values as their Japanese labels, section by section.
export function AnswerSummary({ definition, answers }: { definition: QuestionnaireDefinition; answers: Answers }) {
  const fields = fieldByKey(definition);
  return (
    <Stack spacing={3} data-testid="answer-summary">
      {definition.sections.map((section) => (
        <section key={section.title}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          <dl className="questionnaire-summary">
            {section.fields
              .filter((field) => isVisible(field, answers, fields))
              .map((field) => (
                <div key={field.key} data-field={field.key}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {field.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, mb: 1.5, whiteSpace: 'pre-wrap' }}>
                    {displayValue(field, answers[field.key])}
                  </Typography>
                </div>
              ))}
          </dl>
        </section>
      ))}
    </Stack>
  );
}
