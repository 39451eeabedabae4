/**
 * The video showcase's one-open-at-a-time rule (SPEC §2 item 9): clicking the
 * open card closes it, clicking another card opens that one instead.
 */
export function nextOpenVideo(current: string | null, clicked: string): string | null {
  return current === clicked ? null : clicked;
}
