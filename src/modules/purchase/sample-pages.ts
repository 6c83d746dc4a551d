// The pages POST /buy/sample answers when it computes nothing and shows no form: a token to renew, a body that is
// not the form's, or purchases (and so samples) switched off. Each says what to do next, in the pages' one style.
import { NO_INDEX, page, renderRevealPage } from './pages';

/** Why a sample was refused before any work. */
export type SampleRefusalKind = 'token-invalid' | 'token-expired' | 'unsupported-type' | 'too-large' | 'bad-body' | 'disabled';

export const REFUSAL_STATUS: Record<SampleRefusalKind, number> = {
  'token-invalid': 400,
  'token-expired': 400,
  'unsupported-type': 415,
  'too-large': 413,
  'bad-body': 400,
  disabled: 503,
};

const RELOAD = '<p><a href="/buy#sample">Open the buy page again</a> and send the sample form from there.</p>';

const TEXT: Record<Exclude<SampleRefusalKind, 'disabled'>, { title: string; body: string }> = {
  'token-expired': {
    title: 'The sample form has expired',
    body: '<p>The sample form is valid for 10 minutes after the buy page was loaded. Reload the buy page to get a fresh form; what you typed will need to be entered again.</p>',
  },
  'token-invalid': {
    title: 'Reload the buy page',
    body: '<p>This sample request did not come from a buy page this service gave to your address (its form token is missing, altered or for another address). Reload the buy page and send the form again.</p>',
  },
  'unsupported-type': {
    title: 'Send the sample form from the buy page',
    body: '<p>The sample is for people: it takes the buy page&#39;s form (<code>application/x-www-form-urlencoded</code>) and answers a web page. To compute charts from a program, buy a key and use the API.</p>',
  },
  'too-large': {
    title: 'The form is too large',
    body: '<p>The sample form is a date, a time and a place: at most 2 KB in all.</p>',
  },
  'bad-body': {
    title: 'The form could not be read',
    body: '<p>The sample form arrived incomplete or in a way this service cannot read.</p>',
  },
};

export function renderSampleRefusal(kind: SampleRefusalKind): string {
  if (kind === 'disabled') return renderRevealPage({ kind: 'disabled' });
  const { title, body } = TEXT[kind];
  return page({ title, state: `sample-${kind}`, head: NO_INDEX, body: `<h1>${title}</h1>\n${body}\n${RELOAD}` });
}
