/** Where "Read more reviews" leads: the company's listing on Google Maps. */
export function reviewsUrl(companyName: string): string {
  return 'https://www.google.com/maps/search/?api=1&query=' + encodeURIComponent(companyName);
}
