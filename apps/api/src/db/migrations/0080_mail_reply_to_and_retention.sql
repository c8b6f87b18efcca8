-- Reply-To of a message: the visitor on the operator's copy of a relay message, the sender on the
-- staff copy of a contact or partnership form, so pressing Reply reaches them.
alter table mail_outbox add column if not exists reply_to text;

-- Attachments are no longer held in the row: each entry of `attachments` names a stored file
-- ({ filename, contentType, storageKey }); rows written before keep their base64 `content`.
-- Delivered mail is purged after MAIL_RETENTION_DAYS, found by its sending time.
create index if not exists mail_outbox_sent_at_idx on mail_outbox (sent_at) where sent_at is not null;
