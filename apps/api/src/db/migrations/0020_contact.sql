-- Messages sent through the contact-us forms of every brand and the partnership form, and their
-- attachments. A message is stored in the same transaction as its mails (mail_outbox), so a
-- failing mail server never loses one. The files themselves live under DATA_DIR/uploads, which
-- is never served; each row says where.

create table contact_messages (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact', 'partnership')),
  -- C-000123 (contact) or P-000045 (partnership): quoted to the sender and in the staff mail.
  reference text unique,
  brand text not null,
  sender_name text not null default '',
  sender_email text not null default '',
  -- The fields as the form sent them, after validation.
  fields jsonb not null,
  created_at timestamptz not null default now()
);
create index contact_messages_created_at_idx on contact_messages (created_at);

create table contact_message_files (
  id bigint generated always as identity primary key,
  message_id bigint not null references contact_messages (id) on delete cascade,
  position smallint not null check (position between 1 and 3),
  -- The name shown to staff: the sender's, cleaned, with the extension of the real type.
  file_name text not null,
  -- Decided from the file's first bytes, never from its name.
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  sha256 text not null,
  -- Relative to DATA_DIR.
  storage_path text not null,
  unique (message_id, position)
);
