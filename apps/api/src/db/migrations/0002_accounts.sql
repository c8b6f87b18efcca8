-- Operator accounts: companies, their users and sites, the stickers printed for signs, the
-- single-use tokens of confirmation and reset links, the mail outbox and rate-limit counters.

create table companies (
  id bigint generated always as identity primary key,
  name text not null check (btrim(name) <> ''),
  address1 text not null default '',
  address2 text not null default '',
  address3 text not null default '',
  town text not null default '',
  postcode text not null default '',
  county text not null default '',
  tel text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger companies_updated_at before update on companies
  for each row execute function set_updated_at();

create table users (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id),
  user_name text not null check (user_name = btrim(user_name) and char_length(user_name) between 1 and 254),
  -- Stored as typed for display; uniqueness ignores case (users_user_name_key).
  email text not null check (email = lower(btrim(email)) and email like '%_@_%'),
  password_hash text not null,
  title text not null default '',
  firstname text not null default '',
  surname text not null default '',
  tel text not null default '',
  master_user smallint not null default 0 check (master_user in (0, 1)),
  confirmed_at timestamptz,
  -- Bumped to end every session issued before (a password change).
  session_version integer not null default 1,
  -- Bumped on every password change: reset links carry it and die with the old password.
  password_version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Lets stickers say "this user of this company" with one foreign key.
  unique (id, company_id)
);
create unique index users_user_name_key on users (lower(user_name));
create unique index users_email_key on users (email);
create index users_company_id_idx on users (company_id);
create trigger users_updated_at before update on users
  for each row execute function set_updated_at();

create table sites (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id),
  name text not null check (btrim(name) <> ''),
  address1 text not null default '',
  address2 text not null default '',
  address3 text not null default '',
  town text not null default '',
  postcode text not null default '',
  county text not null default '',
  key_info text not null default '',
  retention_days integer not null default 30 check (retention_days between 1 and 3650),
  -- Null until the operator has checked the details copied in at sign-up.
  details_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (id, company_id)
);
create index sites_company_id_idx on sites (company_id);
create trigger sites_updated_at before update on sites
  for each row execute function set_updated_at();

create table stickers (
  id bigint generated always as identity primary key,
  -- As printed on the sign: upper case, groups joined by hyphens.
  sign_ref text not null unique check (sign_ref = upper(sign_ref) and sign_ref ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$'),
  -- The same without hyphens: lookups forgive hyphens, spaces and case.
  sign_ref_key text not null unique
    check (sign_ref_key = regexp_replace(sign_ref, '[^A-Z0-9]', '', 'g')),
  prefix_no text not null check (prefix_no = upper(prefix_no) and prefix_no ~ '^[A-Z0-9]+$'),
  site_id bigint,
  company_id bigint references companies (id),
  user_id bigint,
  start_date timestamptz,
  site_name text,
  created_at timestamptz not null default now(),
  -- The site and the user who registered it belong to the sticker's company.
  foreign key (site_id, company_id) references sites (id, company_id),
  foreign key (user_id, company_id) references users (id, company_id),
  -- A sticker is free (no link at all) or linked to one site of one company since a date.
  check (
    (site_id is null and company_id is null and user_id is null and start_date is null)
    or (site_id is not null and company_id is not null and start_date is not null)
  )
);
create index stickers_site_id_idx on stickers (site_id);
create index stickers_company_id_idx on stickers (company_id);

-- Confirmation links and reset links: only a SHA-256 of the secret is kept.
create table user_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm', 'reset')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_tokens_user_id_idx on user_tokens (user_id, purpose);

-- Mail waits here until the worker has delivered it: a failed delivery is retried, never lost.
create table mail_outbox (
  id bigint generated always as identity primary key,
  brand text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  -- [{ filename, contentType, content (base64) }]
  attachments jsonb not null default '[]',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Set while a worker is delivering; a worker that died lets it lapse and another retries.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null;

-- Shared by every instance of the server, so limits hold however many run.
create table rate_limits (
  key text primary key,
  count integer not null,
  expires_at timestamptz not null
);
create index rate_limits_expires_at_idx on rate_limits (expires_at);
