// Escaping for the pages' HTML: a module of its own so the page parts (buy-features.ts, sample-view.ts) and
// pages.ts can all use it without importing one another.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for both element content and quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
