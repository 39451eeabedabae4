import type { PostJson, PostSummaryJson } from '@/gen/trenchless/content/v1/content_pb';
import type { Emitted } from '@/lib/api-types';

/** One published post as listed by GET /api/blog-posts (SPEC §7); imageUrl is '' when the post has none. */
export type BlogPostSummary = Emitted<PostSummaryJson>;

/**
 * One post in full, as GET /api/blog-posts/{slug} answers (SPEC §7). Its
 * content is the sanitised body: light markdown, or HTML when it starts with
 * a tag.
 */
export type BlogPost = Emitted<PostJson>;
