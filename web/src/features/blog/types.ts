/** One published post as listed by GET /api/blog-posts (SPEC §7). */
export type BlogPostSummary = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedAt: string | null;
};
