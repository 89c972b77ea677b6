import { draftProblems } from '../../../src/engine/problems/draft-problems';
import { TEMPLATES } from '../../../src/engine/shapes/templates';
import { withOnlyAccounts } from '../../../src/web/console/templates/with-credentials';

// A bot made from a template opens without a warning: the person has done
// nothing wrong yet (issue 35 §6: the FAQ opened with five identical ones).
// The AI assistant's one exception is the one step left to the person: the
// account its AI block answers with (no template can carry one), unless the
// workspace has exactly one such account.

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

test('in a workspace with exactly one OpenAI account, the AI assistant takes it and starts with no problem', () => {
  const template = TEMPLATES.find((each) => each.id === 'ai-assistant')!;
  const { name: _name, ...definition } = template.definition;
  const one = withOnlyAccounts(definition, [
    { id: 'cred-openai', type: 'openai' },
    { id: 'cred-smtp', type: 'smtp' },
  ]);
  expect(draftProblems(one)).toEqual([]);
  // Two accounts of the kind: the person chooses; the notice stays.
  const two = withOnlyAccounts(definition, [
    { id: 'a', type: 'openai' },
    { id: 'b', type: 'openai' },
  ]);
  expect(draftProblems(two).map((problem) => problem.code)).toEqual(['MISSING_CREDENTIALS']);
  // The template itself is left as it was.
  expect(draftProblems(definition).map((problem) => problem.code)).toEqual(['MISSING_CREDENTIALS']);
});
