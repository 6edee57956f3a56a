-- Hand-written (drizzle-kit does not model triggers), like 0001: the all-or-nothing guard of a host's bulk
-- RSVP action. Its batch starts with, for each status the RSVPs were read in,
--   INSERT INTO rsvp_write_guard (event_id, status, ids, expected) VALUES (?, <status>, <json array of ids>, <count>)
-- which aborts the whole batch unless every one of those RSVPs is still in that status; it stores nothing.
CREATE VIEW `rsvp_write_guard` AS SELECT '' AS `event_id`, '' AS `status`, '[]' AS `ids`, 0 AS `expected` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `rsvp_write_guard_check` INSTEAD OF INSERT ON `rsvp_write_guard`
BEGIN
  SELECT RAISE(ABORT, 'rsvp_status_conflict')
  WHERE (
    SELECT count(*) FROM `rsvps`
    WHERE `event_id` = NEW.`event_id` AND `status` = NEW.`status` AND `id` IN (SELECT `value` FROM json_each(NEW.`ids`))
  ) IS NOT NEW.`expected`;
END;
