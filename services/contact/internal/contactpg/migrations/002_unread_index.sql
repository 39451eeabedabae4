-- The inbox counts unread and overdue leads on every page load; this partial
-- index holds only the unread, non-spam leads (few, as staff work them), so
-- the counts stay cheap however many leads have been answered.
CREATE INDEX submissions_unread_idx ON contact.submissions (respond_by) WHERE NOT is_spam AND NOT is_read;
