// Data the edge puts into the page it serves (ADR 0003): JSON data blocks
// (<script type="application/json">, never executed, so the CSP's
// script-src 'self' is untouched) holding exactly what the HTML was filled
// with. The app seeds its queries from them before hydrating, so the first
// render matches the HTML and nothing is fetched twice.

/** The parsed JSON of the data block with this id, or undefined (none, not in a browser, malformed). */
export function readDataBlock(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const el = document.getElementById(id);
  if (!el || el.getAttribute('type') !== 'application/json') return undefined;
  try {
    return JSON.parse(el.textContent ?? '');
  } catch {
    return undefined;
  }
}
