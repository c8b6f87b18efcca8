-- The mail to the old address when an e-mail change is asked for carries a link that cancels it
-- (purpose 'email-cancel'): it puts the old address back, kept here, for seven days.
alter table user_tokens drop constraint user_tokens_purpose_check;
alter table user_tokens add constraint user_tokens_purpose_check
  check (purpose in ('confirm', 'reset', 'email-change', 'email-cancel'));
alter table user_tokens add column old_email text;
