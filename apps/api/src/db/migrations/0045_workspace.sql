-- The operator workspace: reminders to re-confirm site details, invitations of company users,
-- e-mail changes waiting for confirmation, and the look-up records counted per sign.

-- Owned by the public look-up (0050); created here when that migration has not run yet.
create table if not exists search_records (
  id bigint generated always as identity primary key,
  term text not null,
  sticker_id bigint references stickers (id) on delete set null,
  brand text not null,
  created_at timestamptz not null default now()
);
create index if not exists search_records_sticker_idx on search_records (sticker_id, created_at);

-- The yearly reminder: when it was last sent for the site's current confirmation.
alter table sites add column reminder_sent_at timestamptz;

-- Invitations and e-mail changes are single-use links like confirmation and reset.
alter table user_tokens drop constraint user_tokens_purpose_check;
alter table user_tokens add constraint user_tokens_purpose_check
  check (purpose in ('confirm', 'reset', 'email-change'));
-- The address an e-mail change confirms (purpose 'email-change').
alter table user_tokens add column new_email text;

-- An invitation to join a company: the invited person chooses a user name and password.
create table invitations (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email like '%_@_%'),
  invited_by bigint references users (id) on delete set null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);
create index invitations_company_id_idx on invitations (company_id);

-- Key information names who sees the recordings, as its own field of the site form.
alter table sites add column who_sees text not null default '' check (char_length(who_sees) <= 300);
