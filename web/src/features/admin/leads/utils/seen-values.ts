// Values staff can pick from that no endpoint lists: the cities, campaign
// sources and assignees of the leads already loaded. There is no list of
// staff members, so the assignee suggestions are the people leads are
// already assigned to.
import { DIRECT_SOURCE } from './lead-labels';

type SeenFacts = { city: string; assignee?: string; attribution?: { utmSource?: string } | null };

export type SeenValues = { cities: string[]; sources: string[]; assignees: string[] };

const sorted = (values: Iterable<string>) => [...new Set(values)].filter(Boolean).sort((a, b) => a.localeCompare(b));

/** The distinct cities, sources ('direct' for none) and assignees of these leads, sorted; `extra` assignees join in. */
export function seenValues(leads: readonly SeenFacts[], extraAssignees: readonly string[] = []): SeenValues {
  return {
    cities: sorted(leads.map((l) => l.city)),
    sources: sorted(leads.map((l) => l.attribution?.utmSource || DIRECT_SOURCE)),
    assignees: sorted([...leads.map((l) => l.assignee ?? ''), ...extraAssignees]),
  };
}
