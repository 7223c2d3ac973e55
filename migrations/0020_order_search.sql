-- The back office finds an order by any part of its number, the shopper's name or e-mail: a trigram
-- index (FTS5, case-insensitive) over those three columns of orders, kept by the triggers below.
CREATE VIRTUAL TABLE `order_search` USING fts5(`number`, `email`, `name`, content='orders', content_rowid='id', tokenize='trigram');--> statement-breakpoint
INSERT INTO `order_search` (`order_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `order_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `order_search` (rowid, `number`, `email`, `name`) VALUES (new.id, new.number, new.email, new.name);
END;--> statement-breakpoint
CREATE TRIGGER `order_search_update` AFTER UPDATE OF `number`, `email`, `name` ON `orders` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `number`, `email`, `name`) VALUES ('delete', old.id, old.number, old.email, old.name);
  INSERT INTO `order_search` (rowid, `number`, `email`, `name`) VALUES (new.id, new.number, new.email, new.name);
END;--> statement-breakpoint
CREATE TRIGGER `order_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `order_search` (`order_search`, rowid, `number`, `email`, `name`) VALUES ('delete', old.id, old.number, old.email, old.name);
END;
