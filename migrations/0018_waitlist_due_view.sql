-- Hand-written (drizzle-kit models neither views written by hand nor triggers), like 0016, whose three triggers it
-- re-creates, each unchanged in when it fires and what it does (0016 stays as deployed databases applied it). The
-- waitlist's promotion (docs/waitlist.md) is now written once:
--   `waitlist_due` lists, per experience, the WAITLISTED RSVPs ranked by (waitlist_rank, id) that fit in the free
--   places (capacity minus the RSVPs in status YES; all of them when the capacity is null);
--   INSERT INTO waitlist_promotion (event_id) VALUES (?) logs 'promoted' for, then promotes, the experience's RSVPs
--   due; like 0001's guard it is a view with no rows whose trigger stores nothing in it.
-- Each trigger promotes inside the very statement that freed the place: D1 runs one statement at a time, so nothing
-- slips in between and the experience is never filled above its capacity.
CREATE VIEW `waitlist_due` AS
SELECT w.`event_id`, w.`id` AS `rsvp_id`
FROM (
  SELECT `event_id`, `id`, row_number() OVER (PARTITION BY `event_id` ORDER BY `waitlist_rank`, `id`) AS `place`
  FROM `rsvps` WHERE `status` = 'WAITLISTED'
) w
JOIN `events` e ON e.`id` = w.`event_id`
WHERE e.`capacity` IS NULL
  OR w.`place` <= e.`capacity` - (SELECT count(*) FROM `rsvps` y WHERE y.`event_id` = w.`event_id` AND y.`status` = 'YES');
--> statement-breakpoint
CREATE VIEW `waitlist_promotion` AS SELECT '' AS `event_id` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promotion_run` INSTEAD OF INSERT ON `waitlist_promotion`
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `field`, `label`, `old_value`, `new_value`, `recipient_id`, `urgent`)
  SELECT r.`event_id`, NULL, 'requests', 'rsvp', r.`id`, 'promoted', trim(u.`first_name` || ' ' || u.`last_name`), NULL, NULL, r.`user_id`, 1
  FROM `rsvps` r JOIN `users` u ON u.`id` = r.`user_id`
  WHERE r.`id` IN (SELECT `rsvp_id` FROM `waitlist_due` WHERE `event_id` = NEW.`event_id`);
  UPDATE `rsvps` SET `status` = 'YES', `waitlist_rank` = NULL, `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `id` IN (SELECT `rsvp_id` FROM `waitlist_due` WHERE `event_id` = NEW.`event_id`);
END;
--> statement-breakpoint
DROP TRIGGER `waitlist_promote_on_leave`;
--> statement-breakpoint
DROP TRIGGER `waitlist_promote_on_delete`;
--> statement-breakpoint
DROP TRIGGER `waitlist_promote_on_capacity`;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promote_on_leave` AFTER UPDATE OF `status` ON `rsvps`
WHEN OLD.`status` = 'YES' AND NEW.`status` != 'YES'
BEGIN
  INSERT INTO `waitlist_promotion` (`event_id`) VALUES (NEW.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promote_on_delete` AFTER DELETE ON `rsvps`
WHEN OLD.`status` = 'YES' AND EXISTS (SELECT 1 FROM `events` WHERE `id` = OLD.`event_id`)
BEGIN
  INSERT INTO `waitlist_promotion` (`event_id`) VALUES (OLD.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promote_on_capacity` AFTER UPDATE OF `capacity` ON `events`
WHEN NEW.`capacity` IS NULL OR OLD.`capacity` IS NULL OR NEW.`capacity` > OLD.`capacity`
BEGIN
  INSERT INTO `waitlist_promotion` (`event_id`) VALUES (NEW.`id`);
END;
