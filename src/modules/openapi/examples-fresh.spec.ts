/**
 * The OpenAPI document's response examples (src/common/openapi-examples.json) are real answers: computed again here
 * from the same inputs, they must be the file's text. When a change alters an answer, `npm run docs:examples`
 * writes them anew (the schema spec validates them against the answer schemas).
 */
import { readFileSync } from 'node:fs';
import { EXAMPLES_FILE, examplesText } from '../../../scripts/openapi-examples';

describe('the response examples', () => {
  it('are what the jobs answer today (else: npm run docs:examples)', async () => {
    expect(await examplesText()).toBe(readFileSync(EXAMPLES_FILE, 'utf8'));
  }, 60_000);
});
