-- Hand-written (drizzle-kit does not model triggers), like 0003 and 0012: the waitlist's promotion (docs/waitlist.md).
-- Whenever a place may have freed (a YES RSVP left that status or was deleted, or the capacity grew or was cleared), the
-- first WAITLISTED RSVPs (by waitlist_rank) take the free places, inside the very statement that freed them: D1 runs one
-- statement at a time, so no join, decline or capacity change can slip in between and the experience is never filled
-- above its capacity. Each promoted person gets a change-log row addressed to them (field 'promoted'), which the
-- notifications digest tells them. A place freed because the experience itself is being deleted promotes no one.
CREATE TRIGGER `waitlist_promote_on_leave` AFTER UPDATE OF `status` ON `rsvps`
WHEN OLD.`status` = 'YES' AND NEW.`status` != 'YES'
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `field`, `label`, `old_value`, `new_value`, `recipient_id`, `urgent`)
  SELECT r.`event_id`, NULL, 'requests', 'rsvp', r.`id`, 'promoted', trim(u.`first_name` || ' ' || u.`last_name`), NULL, NULL, r.`user_id`, 1
  FROM `rsvps` r JOIN `users` u ON u.`id` = r.`user_id`
  WHERE r.`id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = NEW.`event_id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = NEW.`event_id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = NEW.`event_id`), 0));
  UPDATE `rsvps` SET `status` = 'YES', `waitlist_rank` = NULL, `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = NEW.`event_id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = NEW.`event_id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = NEW.`event_id`), 0));
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promote_on_delete` AFTER DELETE ON `rsvps`
WHEN OLD.`status` = 'YES' AND EXISTS (SELECT 1 FROM `events` WHERE `id` = OLD.`event_id`)
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `field`, `label`, `old_value`, `new_value`, `recipient_id`, `urgent`)
  SELECT r.`event_id`, NULL, 'requests', 'rsvp', r.`id`, 'promoted', trim(u.`first_name` || ' ' || u.`last_name`), NULL, NULL, r.`user_id`, 1
  FROM `rsvps` r JOIN `users` u ON u.`id` = r.`user_id`
  WHERE r.`id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = OLD.`event_id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = OLD.`event_id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = OLD.`event_id`), 0));
  UPDATE `rsvps` SET `status` = 'YES', `waitlist_rank` = NULL, `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = OLD.`event_id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = OLD.`event_id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = OLD.`event_id`), 0));
END;
--> statement-breakpoint
CREATE TRIGGER `waitlist_promote_on_capacity` AFTER UPDATE OF `capacity` ON `events`
WHEN NEW.`capacity` IS NULL OR OLD.`capacity` IS NULL OR NEW.`capacity` > OLD.`capacity`
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `field`, `label`, `old_value`, `new_value`, `recipient_id`, `urgent`)
  SELECT r.`event_id`, NULL, 'requests', 'rsvp', r.`id`, 'promoted', trim(u.`first_name` || ' ' || u.`last_name`), NULL, NULL, r.`user_id`, 1
  FROM `rsvps` r JOIN `users` u ON u.`id` = r.`user_id`
  WHERE r.`id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = NEW.`id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = NEW.`id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = NEW.`id`), 0));
  UPDATE `rsvps` SET `status` = 'YES', `waitlist_rank` = NULL, `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `id` IN (SELECT `id` FROM `rsvps` WHERE `event_id` = NEW.`id` AND `status` = 'WAITLISTED' ORDER BY `waitlist_rank`, `id`
    LIMIT coalesce((SELECT CASE WHEN `capacity` IS NULL THEN -1
      ELSE max(0, `capacity` - (SELECT count(*) FROM `rsvps` WHERE `event_id` = NEW.`id` AND `status` = 'YES')) END
      FROM `events` WHERE `id` = NEW.`id`), 0));
END;
