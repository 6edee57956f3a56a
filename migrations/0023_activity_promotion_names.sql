-- Hand-written, like 0021: the waitlist's promotion now writes the promoted guest's name into the change log's
-- new_value ({ "guest": "Ana Lima" }), so the History panel can say who was given the place (docs/programme.md).
DROP TRIGGER `activity_signup_promotion_run`;
--> statement-breakpoint
CREATE TRIGGER `activity_signup_promotion_run` INSTEAD OF INSERT ON `activity_signup_promotion`
BEGIN
  INSERT INTO `change_log` (`event_id`, `actor_id`, `kind`, `subject_type`, `subject_id`, `program_id`, `field`, `label`, `old_value`, `new_value`, `groups`, `recipient_id`, `urgent`)
  SELECT a.`event_id`, NULL, 'requests', 'activity', a.`id`, a.`program_id`, 'promoted', a.`name`, NULL,
    json_object('guest', trim(u.`first_name` || ' ' || u.`last_name`), 'status', 'IN', 'position', NULL), a.`groups`, s.`user_id`, 1
  FROM `activity_signups` s JOIN `activities` a ON a.`id` = s.`activity_id` JOIN `users` u ON u.`id` = s.`user_id`
  WHERE s.`id` IN (SELECT `signup_id` FROM `activity_signup_due` WHERE `activity_id` = NEW.`activity_id`);
  UPDATE `activity_signups` SET `status` = 'IN', `waitlist_rank` = NULL
  WHERE `id` IN (SELECT `signup_id` FROM `activity_signup_due` WHERE `activity_id` = NEW.`activity_id`);
END;
