// Words as the content service counts them for an article's read time
// (services/content/internal/content/content.go ReadTimeMinutes): runs of
// letters and digits, with apostrophes and hyphens inside a word keeping it
// one word, and markup (anything between < and >) not counted. The editor's
// word count and the post preview's read time then agree with the site.

/** SPEC §9 / the content service: words per minute behind "N min read". */
export const WORDS_PER_MINUTE = 200;

const WORD_CHAR = /[\p{L}\p{Nd}]/u;

export function countWords(body: string): number {
  let words = 0;
  let inTag = false;
  let inWord = false;
  for (const ch of body) {
    if (ch === '<') {
      inTag = true;
      inWord = false;
    } else if (ch === '>' && inTag) {
      inTag = false;
    } else if (inTag) {
      // markup
    } else if (WORD_CHAR.test(ch)) {
      if (!inWord) words++;
      inWord = true;
    } else if (ch !== "'" && ch !== '’' && ch !== '-') {
      inWord = false;
    }
  }
  return words;
}

/** Words divided by 200, rounded up, at least 1: the read time the site shows. */
export function readTimeMinutes(body: string): number {
  return Math.max(1, Math.ceil(countWords(body) / WORDS_PER_MINUTE));
}
