import { draftProblems } from '../../../src/engine/problems';
import { TEMPLATES } from '../../../src/web/console/templates';

// A bot made from a template opens without a warning: the person has done
// nothing wrong yet (issue 35 §6: the FAQ opened with five identical ones).
// The AI assistant's one exception is the one step left to the person: the
// account its AI block answers with (no template can carry one).

const problemsOf = (template: (typeof TEMPLATES)[number]) => {
  const { name: _name, ...definition } = template.definition;
  return draftProblems(definition);
};

test.each(TEMPLATES.filter((template) => template.id !== 'ai-assistant').map((template) => [template.name, template]))(
  'the %s template starts with no problem',
  (_name, template) => {
    expect(problemsOf(template)).toEqual([]);
  },
);

test('the AI assistant starts with one notice only: the account to connect, in words', () => {
  const template = TEMPLATES.find((each) => each.id === 'ai-assistant')!;
  expect(problemsOf(template).map(({ severity, code, message }) => ({ severity, code, message }))).toEqual([
    {
      severity: 'warning',
      code: 'MISSING_CREDENTIALS',
      message: 'No account is selected: this OpenAI block does nothing without one (add one in Settings → Credentials)',
    },
  ]);
});
