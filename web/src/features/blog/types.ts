/** One published post as listed by GET /api/blog-posts (SPEC §7). */
export type BlogPostSummary = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedAt: string | null;
};

/** One published post in full, as GET /api/blog-posts/{slug} answers (SPEC §7). */
export type BlogPost = BlogPostSummary & {
  /** The sanitised body: light markdown, or HTML when it starts with a tag. */
  content: string;
  category: string;
  readTimeMinutes: number;
};
