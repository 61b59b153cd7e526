import { takeAnswerProblems } from '../support/documented-answers';

/**
 * The test-support hook of the OpenAPI document: an answer that an app booted by bootApp gave
 * outside its documented statuses, schemas or headers fails the test during which it was given (or,
 * given in a beforeAll/afterAll, the file).
 */
function failOnUndocumentedAnswers(): void {
  const problems = takeAnswerProblems();
  if (problems.length) throw new Error(`Answers that differ from the OpenAPI document (/api/openapi.json):\n- ${[...new Set(problems)].join('\n- ')}`);
}

afterEach(failOnUndocumentedAnswers);
afterAll(failOnUndocumentedAnswers);
