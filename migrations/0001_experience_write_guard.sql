-- Hand-written (drizzle-kit does not model triggers): the optimistic lock of itinerary writes.
-- A D1 batch has no interactive transaction, so a write that depends on what it read starts its batch with
--   INSERT INTO experience_write_guard (event_id, expected_version) VALUES (?, <the version it read>)
-- and ends it by bumping events.version. The insert aborts the whole batch when the event has moved on (or is
-- gone); otherwise it stores nothing, because a view has no rows and its trigger writes none.
CREATE VIEW `experience_write_guard` AS SELECT '' AS `event_id`, 0 AS `expected_version` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `experience_write_guard_check` INSTEAD OF INSERT ON `experience_write_guard`
BEGIN
  SELECT RAISE(ABORT, 'experience_version_conflict')
  WHERE (SELECT `version` FROM `events` WHERE `id` = NEW.`event_id`) IS NOT NEW.`expected_version`;
END;
