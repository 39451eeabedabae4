/** The risk table's expanded rows after a click on `id`'s toggle: added when closed, removed when open. */
export function toggleExpanded(expanded: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(expanded);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
