-- The Unread and Overdue views list newest first, page after page. Their
-- leads are scattered through years of read and answered ones (one in two
-- hundred left unopened, say), so reading the inbox's order and skipping
-- the rest took some 5,000 rows a page at 1,000,000 leads (issue 29's
-- growth bench: 20–25 ms a page, against 4 ms for every other view). Each
-- view now has its own small index in the list's order.
CREATE INDEX submissions_unread_list_idx ON contact.submissions (created_at DESC, id DESC)
    WHERE NOT is_spam AND NOT is_read;
CREATE INDEX submissions_awaiting_list_idx ON contact.submissions (created_at DESC, id DESC)
    WHERE NOT is_spam AND first_response_at IS NULL;
