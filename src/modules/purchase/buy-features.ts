// "What the key gives you" on GET /buy, generated from the operation registry (operations.ts): every operation that
// needs a key, under its group, with its path and summary, so the page never falls behind the API.
import { KEYED_OPERATION_COUNT, keyedOperations, OPERATION_GROUPS } from '../operations/operations';
import { escapeHtml } from './html';

/** A registry summary as HTML: escaped, its `code` spans as <code>. */
function summaryHtml(summary: string): string {
  return escapeHtml(summary).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The features section: one list per group (registry order), then MCP and the typed client. */
export function renderKeyFeatures(): string {
  const operations = keyedOperations();
  const groups = (Object.keys(OPERATION_GROUPS) as (keyof typeof OPERATION_GROUPS)[])
    .map((group) => {
      const items = operations
        .filter((op) => op.group === group)
        .map((op) => {
          const tool = op.tool ? ` <span class="muted">(MCP tool <code>${escapeHtml(op.tool.name)}</code>)</span>` : '';
          return `<li><code>${op.method} ${escapeHtml(op.path)}</code>: ${summaryHtml(op.summary)}${tool}</li>`;
        });
      if (items.length === 0) return '';
      const { title, blurb } = OPERATION_GROUPS[group];
      return `<h3 id="group-${group}">${escapeHtml(title)}</h3>
<p class="muted">${escapeHtml(blurb[0].toUpperCase() + blurb.slice(1))}.</p>
<ul class="features" aria-labelledby="group-${group}">
${items.join('\n')}
</ul>`;
    })
    .filter(Boolean)
    .join('\n');
  const tools = operations.filter((op) => op.tool).length;
  return `<section aria-labelledby="features-heading">
<h2 id="features-heading">What the key gives you</h2>
<p>Bought once, unlimited use of all ${KEYED_OPERATION_COUNT} operations, and the key never expires. Send it in the <code>HD-Api-Key</code> header.</p>
${groups}
<h3 id="group-clients">For AI agents and TypeScript</h3>
<ul class="features" aria-labelledby="group-clients">
<li><strong>MCP</strong>: ${tools} of these are also tools for AI agents at <code>POST /mcp</code> (Streamable HTTP), with the same key.</li>
<li><strong>A typed TypeScript client</strong>, served by this server (it is not on the npm registry): <code>npm install</code> the URL of <a href="/sdk/typescript.tgz"><code>/sdk/typescript.tgz</code></a>.</li>
</ul>
</section>`;
}
