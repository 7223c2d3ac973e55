ALTER TABLE `blog_posts` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `category` text GENERATED ALWAYS AS (json_extract(tags, '$[0]')) VIRTUAL;--> statement-breakpoint
CREATE INDEX `blog_posts_category_idx` ON `blog_posts` (`published`,`category`,`published_at`);