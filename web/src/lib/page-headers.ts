// A paged list answered as a bare JSON array carries its next page and its
// counts in headers (the edge's pageHeaders): X-Next-Page-Token, and
// X-Total-Count with any count of its own (X-Post-Count).

/** The next page's token, or '' on the last page. */
export function nextPageToken(res: Response): string {
  return res.headers.get('X-Next-Page-Token')?.trim() ?? '';
}

/** A count header: a whole number, or null when missing or malformed. */
export function countHeader(res: Response, name: string): number | null {
  const value = res.headers.get(name);
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}
