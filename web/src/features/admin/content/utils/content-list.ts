// The Site Content list's words. The search, the category filter and the
// order are the server's (GET /api/admin/editable-content).
import { CONTENT_CATEGORIES, categoryLabel, type ContentGroup } from './content-items';

const number = (n: number) => n.toLocaleString('en-US');
const noun = (n: number) => (n === 1 ? 'text' : 'texts');

/** The category named in the address (?category=); anything else is all of them (''). */
export function readCategory(value: string | null): string {
  return CONTENT_CATEGORIES.some((c) => c.value === value) ? (value as string) : '';
}

/**
 * The live count above the list: "2,053 texts"; searched or filtered,
 * "Showing 3 of 2,053 texts" (matching of all) or "No texts match".
 */
export function countText(matching: number, total: number, filtered: boolean): string {
  if (!filtered) return `${number(total)} ${noun(total)}`;
  if (matching === 0) return 'No texts match';
  return `Showing ${number(matching)} of ${number(total)} ${noun(total)}`;
}

/** Under the list, once there is more than one page: "200 of 2,053 texts listed". */
export function listedText(listed: number, matching: number): string {
  return listed >= matching ? `All ${number(matching)} ${noun(matching)} listed` : `${number(listed)} of ${number(matching)} ${noun(matching)} listed`;
}

/**
 * Loaded texts under their categories' headings, in the order they came
 * (the server's: category in the site's order, then key), so each page
 * adds to the last group or starts the next one.
 */
export function groupInOrder<T extends { category: string }>(items: readonly T[]): ContentGroup<T>[] {
  const groups: ContentGroup<T>[] = [];
  const byCategory = new Map<string, ContentGroup<T>>();
  for (const item of items) {
    const category = item.category || 'general';
    let group = byCategory.get(category);
    if (!group) {
      group = { category, label: categoryLabel(category), items: [] };
      byCategory.set(category, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
