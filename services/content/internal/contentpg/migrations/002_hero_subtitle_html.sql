-- hero.subtitle becomes an html item (ADR 0003: the home page hero paragraph
-- is filled in as markup). A row still of type text is converted: its
-- content HTML-escaped as the sanitiser escapes text (& < > ' ") and wrapped
-- in one paragraph. A row already converted, or created as html, is left as
-- it is; a fresh database gets the html default from the seed.
UPDATE content.editable_content
SET content_type = 'html',
    content = '<p>' || replace(replace(replace(replace(replace(content,
        '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '''', '&#39;'), '"', '&#34;') || '</p>'
WHERE content_key = 'hero.subtitle' AND content_type = 'text';
