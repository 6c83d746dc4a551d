// The key recovery pages (/keys/recover…), built on the purchase pages' page(): the same one hashed style (and,
// on the key's reveal, the same page and script as the purchase reveal), so PAGE_CSP covers them unchanged.
import { escapeHtml, NO_INDEX, page, renderRevealPage } from '../purchase/pages';

export const RECOVER_PATH = '/keys/recover';

export type RecoveryPage =
  | { kind: 'form'; linkMinutes: number; email?: string; error?: string }
  | { kind: 'off' }
  | { kind: 'sent'; linkMinutes: number }
  | { kind: 'too-many'; retryAfterSeconds: number }
  | { kind: 'confirm'; token: string }
  | { kind: 'gone'; linkMinutes: number }
  | { kind: 'revealed'; key: string; email?: string; publicUrl: string }
  | { kind: 'revoked'; reason: string };

/** 42 → "42 seconds", 600 → "10 minutes", 7200 → "2 hours": the wait in the unit a reader plans with. */
export function waitText(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60;
  const [n, unit] = s < 120 ? [s, 'second'] : s < 7200 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function form(o: { linkMinutes: number; email?: string; error?: string }): string {
  const error = o.error ? `<p id="email-error" class="error" role="alert">${escapeHtml(o.error)}</p>\n` : '';
  // On an error the field says so (aria-invalid, the message first in its description) and takes the focus.
  const describedBy = o.error ? 'email-error email-hint' : 'email-hint';
  const invalid = o.error ? ' aria-invalid="true" autofocus' : '';
  return `<h1>Lost your API key?</h1>
<p>Enter the email address you bought the key with. If it bought a key here, a link is sent to it that makes a new key and shows it once; the lost key stops working at that moment.</p>
<form method="post" action="${RECOVER_PATH}">
<div class="field">
<label for="email">Email address</label>
${error}<input id="email" name="email" type="email" autocomplete="email" spellcheck="false" autocapitalize="off" maxlength="254" required aria-describedby="${describedBy}"${invalid} value="${escapeHtml(o.email ?? '')}">
<span id="email-hint" class="hint">The address you gave when you paid (Stripe's receipt went to it).</span>
</div>
<p><button type="submit" class="primary">Email me a link</button></p>
</form>
<p class="muted">The link works once, for ${o.linkMinutes} minutes. Still have the key and want another? Rotate it with <code>POST /v1/keys/rotate</code> instead.</p>`;
}

export function renderRecoveryPage(state: RecoveryPage): string {
  switch (state.kind) {
    case 'form':
      return page({ title: 'Lost key', state: state.error ? 'recover-invalid' : 'recover', body: form(state), head: NO_INDEX });
    case 'off':
      return page({
        title: 'Key recovery is off',
        state: 'recover-off',
        head: NO_INDEX,
        body: `<h1>Key recovery is off</h1>
<div class="notice" role="note"><p><strong>Lost keys cannot be recovered by email on this server.</strong></p></div>
<p>Contact the seller of this API with the email address used for the purchase.</p>`,
      });
    case 'sent':
      // The same words whether or not the address bought anything here: the page must not tell.
      return page({
        title: 'Check your email',
        state: 'recover-sent',
        head: NO_INDEX,
        body: `<h1>Check your email</h1>
<p role="status">If this email address bought a key here, a message with a link is on its way to it.</p>
<p>The link works once, for ${state.linkMinutes} minutes. The message can take a few minutes; look in the spam folder too. No message after a while? Check which address you paid with (Stripe's receipt was sent to it) and ask again.</p>
<p><a href="${RECOVER_PATH}">Ask again</a></p>`,
      });
    case 'too-many':
      return page({
        title: 'Too many requests',
        state: 'recover-too-many',
        head: NO_INDEX,
        body: `<h1>Too many requests</h1>
<p>Too many recovery requests came from your network or for this email address. Try again in ${escapeHtml(waitText(state.retryAfterSeconds))}.</p>
<p><a href="${RECOVER_PATH}">Back to the form</a></p>`,
      });
    case 'confirm':
      // A button, not the GET itself: mail scanners open links, and must not use up the one reveal.
      return page({
        title: 'Make a new key',
        state: 'recover-confirm',
        head: NO_INDEX,
        body: `<h1>Make a new API key</h1>
<div class="notice" role="note"><p><strong>Your current key stops working</strong> as soon as the new one is shown. The new key is shown only once, so have a password manager or secret store ready.</p></div>
<form method="post" action="${RECOVER_PATH}/${escapeHtml(state.token)}">
<p><button type="submit" class="primary">Show my new key</button></p>
</form>`,
      });
    case 'gone':
      // Unknown, used and expired links look the same.
      return page({
        title: 'Link no longer valid',
        state: 'recover-gone',
        head: NO_INDEX,
        body: `<h1>This link no longer works</h1>
<p>A recovery link works once, for ${state.linkMinutes} minutes. This one was used already, has expired, or was not copied whole.</p>
<p><a href="${RECOVER_PATH}">Ask for a new link</a></p>`,
      });
    case 'revealed':
      return renderRevealPage({ kind: 'revealed', key: state.key, email: state.email, publicUrl: state.publicUrl });
    case 'revoked':
      return renderRevealPage({ kind: 'revoked', reason: state.reason });
    default: {
      const unknown: never = state;
      throw new Error(`unknown recovery page ${JSON.stringify(unknown)}`);
    }
  }
}
