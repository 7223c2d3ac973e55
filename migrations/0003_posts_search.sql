-- Guides search: FTS5 over title and excerpt with the trigram tokenizer, so a search matches any
-- part of a word without regard to case (the spec's "contains" search), on the embedded file and on Turso.
-- External content: the index stores only tokens; triggers keep it in step with blog_posts.
CREATE VIRTUAL TABLE `blog_posts_fts` USING fts5(title, excerpt, content='blog_posts', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `blog_posts_fts_insert` AFTER INSERT ON `blog_posts` BEGIN
  INSERT INTO blog_posts_fts(rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_fts_delete` AFTER DELETE ON `blog_posts` BEGIN
  INSERT INTO blog_posts_fts(blog_posts_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_fts_update` AFTER UPDATE OF title, excerpt ON `blog_posts` BEGIN
  INSERT INTO blog_posts_fts(blog_posts_fts, rowid, title, excerpt) VALUES ('delete', old.id, old.title, old.excerpt);
  INSERT INTO blog_posts_fts(rowid, title, excerpt) VALUES (new.id, new.title, new.excerpt);
END;
--> statement-breakpoint
INSERT INTO blog_posts_fts(blog_posts_fts) VALUES ('rebuild');
