-- Hand-written (drizzle-kit models neither views written by hand nor triggers), like 0018 for the experience's waitlist.
-- A sign-up activity's waitlist (docs/programme.md):
--   `activity_signup_due` lists, per activity, the WAITING sign-ups ranked by (waitlist_rank, id) that fit in its free
--   places (capacity minus the sign-ups IN; all of them when the capacity is null), while the activity has not started;
--   INSERT INTO activity_signup_promotion (activity_id) VALUES (?) logs 'promoted' for, then promotes, those due.
-- Each trigger promotes inside the very statement that freed the place: D1 runs one statement at a time, so nothing
-- slips in between and an activity is never filled above its capacity.
CREATE VIEW `activity_signup_due` AS
SELECT w.`activity_id`, w.`id` AS `signup_id`
FROM (
  SELECT `activity_id`, `id`, row_number() OVER (PARTITION BY `activity_id` ORDER BY `waitlist_rank`, `id`) AS `place`
  FROM `activity_signups` WHERE `status` = 'WAITING'
) w
JOIN `activities` a ON a.`id` = w.`activity_id`
WHERE a.`attendance` = 'SIGNUP' AND a.`start_time` > cast(unixepoch('subsec') * 1000 as integer)
  AND (a.`capacity` IS NULL
    OR w.`place` <= a.`capacity` - (SELECT count(*) FROM `activity_signups` y WHERE y.`activity_id` = w.`activity_id` AND y.`status` = 'IN'));
--> statement-breakpoint
CREATE VIEW `activity_signup_promotion` AS SELECT '' AS `activity_id` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `activity_signup_promotion_run` INSTEAD OF INSERT ON `activity_signup_promotion`
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `program_id`, `field`, `label`, `old_value`, `new_value`, `recipient_id`, `urgent`)
  SELECT a.`event_id`, NULL, 'requests', 'activity', a.`id`, a.`program_id`, 'promoted', a.`name`, NULL, NULL, s.`user_id`, 1
  FROM `activity_signups` s JOIN `activities` a ON a.`id` = s.`activity_id`
  WHERE s.`id` IN (SELECT `signup_id` FROM `activity_signup_due` WHERE `activity_id` = NEW.`activity_id`);
  UPDATE `activity_signups` SET `status` = 'IN', `waitlist_rank` = NULL
  WHERE `id` IN (SELECT `signup_id` FROM `activity_signup_due` WHERE `activity_id` = NEW.`activity_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_signup_promote_on_leave` AFTER DELETE ON `activity_signups`
WHEN OLD.`status` = 'IN' AND EXISTS (SELECT 1 FROM `activities` WHERE `id` = OLD.`activity_id`)
BEGIN
  INSERT INTO `activity_signup_promotion` (`activity_id`) VALUES (OLD.`activity_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `activity_signup_promote_on_capacity` AFTER UPDATE OF `capacity`, `attendance` ON `activities`
WHEN NEW.`attendance` = 'SIGNUP' AND (NEW.`capacity` IS NULL OR OLD.`capacity` IS NULL OR NEW.`capacity` > OLD.`capacity` OR OLD.`attendance` != 'SIGNUP')
BEGIN
  INSERT INTO `activity_signup_promotion` (`activity_id`) VALUES (NEW.`id`);
END;
--> statement-breakpoint
-- A guest who leaves the experience (their RSVP leaves YES, or is deleted) leaves its activities; their places pass on.
CREATE TRIGGER `activity_signups_leave_with_rsvp` AFTER UPDATE OF `status` ON `rsvps`
WHEN OLD.`status` = 'YES' AND NEW.`status` != 'YES' AND NEW.`user_id` IS NOT NULL
BEGIN
  DELETE FROM `activity_signups` WHERE `event_id` = NEW.`event_id` AND `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `activity_signups_leave_with_deleted_rsvp` AFTER DELETE ON `rsvps`
WHEN OLD.`user_id` IS NOT NULL
BEGIN
  DELETE FROM `activity_signups` WHERE `event_id` = OLD.`event_id` AND `user_id` = OLD.`user_id`;
END;
