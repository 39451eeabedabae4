// "{NAME}" placeholders in editable texts (the city template's "{city}"),
// filled from the element's data-ec-NAME attributes. The edge does the same
// when it fills served HTML (ADR 0003), so both draw the same text.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export type EditableParams = Readonly<Record<string, string | number>>;

/** Replaces each {NAME} with params[NAME] (escaped when the content is HTML); unknown names stay as written. */
export function fillParams(content: string, params: EditableParams | undefined, html: boolean): string {
  if (!params) return content;
  return content.replace(/\{([a-zA-Z][a-zA-Z0-9_-]*)\}/g, (whole, name: string) => {
    const v = params[name];
    if (v === undefined) return whole;
    return html ? escapeHtml(String(v)) : String(v);
  });
}

/** The data-ec-NAME attributes that carry params to the edge. */
export function paramAttributes(params: EditableParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) out[`data-ec-${k}`] = String(v);
  return out;
}
