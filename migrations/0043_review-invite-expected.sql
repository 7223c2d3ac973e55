CREATE INDEX `order_events_expected_idx` ON `order_events` (json_extract("detail", '$.expected')) WHERE status = 'shipped';
