/**
 * A browsable API reference rendered on the server from the OpenAPI document: no third-party
 * script, so it lives happily under the strict Content-Security-Policy.
 */
export function renderDocsPage(document: Record<string, unknown>, styleNonce: string): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = ((operation.tags as string[] | undefined) ?? ['other'])[0] ?? 'other';
      const anchor = String(operation.operationId);
      const section = `<section class="op" id="${escapeHtml(anchor)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(operation.summary ?? ''))} <span class="auth">auth: ${escapeHtml(String(operation['x-auth-level']))}</span></p>
<details><summary>Parameters, body and responses</summary><pre>${escapeHtml(
        JSON.stringify(
          { parameters: operation.parameters, requestBody: operation.requestBody, responses: operation.responses },
          null,
          2,
        ),
      )}</pre></details>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const tags = [...byTag.keys()].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title>
<style nonce="${styleNonce}">
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:980px;padding:24px;color:#1a1b1e;line-height:1.5}
h1{margin-bottom:0}code,pre{font-family:ui-monospace,monospace}pre{background:#f4f5f7;padding:12px;overflow:auto;font-size:12px}
.op{border-top:1px solid #dee2e6;padding:8px 0}.op h3{font-size:16px;margin:8px 0}.method{display:inline-block;min-width:64px;padding:2px 6px;border-radius:4px;color:#fff;font-size:12px;text-align:center}
.get{background:#1c7ed6}.post{background:#2b8a3e}.put,.patch{background:#e67700}.delete{background:#c92a2a}.auth{color:#495057;font-size:13px;margin-left:8px}nav a{margin-right:12px}
</style></head><body>
<h1>${escapeHtml(info.title)}</h1><p>Version ${escapeHtml(info.version)}. ${escapeHtml(info.description)}</p>
<p>Machine-readable document: <a href="/docs/openapi.json">/docs/openapi.json</a> (OpenAPI 3.1).</p>
<nav aria-label="Tags">${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join('')}</nav>
<main>${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${(byTag.get(tag) ?? []).join('\n')}`).join('\n')}</main>
</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
