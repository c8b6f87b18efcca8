-- The request desk: each visitor's request has one lifecycle (packages/contract/src/request-lifecycle.ts),
-- a legal clock (packages/contract/src/legal-clock.ts), a private link for the visitor, an
-- append-only history, reminders kept as jobs, and proof of identity kept only as long as needed.

alter table relay_requests drop constraint relay_requests_kind_check;
alter table relay_requests add constraint relay_requests_kind_check
  check (kind in ('question', 'footage', 'complaint', 'third_party'));

alter table relay_requests
  add column state text not null default 'received' check (state in (
    'received', 'awaiting_identity', 'awaiting_clarification', 'in_progress', 'extended', 'answered',
    'closed', 'withdrawn')),
  add column outcome text check (outcome in (
    'disclosed', 'partly_disclosed', 'no_footage', 'refused_unfounded', 'refused_excessive', 'exempt')),
  -- Whose bank holidays move the due date: the site's nation when the request arrived.
  add column nation text not null default 'england-and-wales'
    check (nation in ('england-and-wales', 'scotland', 'northern-ireland')),
  -- A random value from which, with the server's key, the secret of the visitor's private link is made;
  -- the secret itself is never stored, and this alone cannot make it.
  add column link_nonce text,
  add column camera text not null default '' check (char_length(camera) <= 200),
  add column preferred_form text check (preferred_form in ('copy', 'viewing', 'stills')),
  -- Under 16, or on someone else's behalf: the authority to act must be shown.
  add column representative boolean not null default false,
  -- The site's retention when the request arrived; null: the operator has not said.
  add column retention_days integer,
  add column received_on date,
  add column identity_asked_on date,
  add column identity_arrived_on date,
  -- Clarifications asked for: [{ "from": "YYYY-MM-DD", "to": "YYYY-MM-DD" | null }]; the clock stops meanwhile.
  add column pauses jsonb not null default '[]'::jsonb,
  add column extension_asked_on date,
  add column extension_reason text check (char_length(extension_reason) <= 2000),
  add column footage_saved_at timestamptz,
  add column footage_saved_how text check (footage_saved_how in ('exported', 'locked', 'uploaded')),
  add column footage_saved_note text not null default '' check (char_length(footage_saved_note) <= 400),
  add column acknowledged_at timestamptz,
  add column closed_at timestamptz,
  -- Complaints: acknowledged within 30 days (DPA 2018 s.164A, from 19 June 2026).
  add column acknowledge_by date;

-- A paused clock has no due date until the visitor answers.
alter table relay_requests alter column due_date drop not null;

update relay_requests
   set state = case when answered_at is not null then 'answered' else 'received' end,
       received_on = (received_at at time zone 'Europe/London')::date;
alter table relay_requests alter column received_on set not null;

-- The desk's list: a company's open requests in order of urgency (footage not yet saved by the day
-- it would be overwritten, then by due date), read in index order up to the page's limit.
create index relay_requests_open_desk_idx on relay_requests
  (company_id, (case when footage_saved_at is null then overwrite_date end), due_date, id)
  where state in ('received', 'awaiting_identity', 'awaiting_clarification', 'in_progress', 'extended');
-- The desk's counts, from the index alone.
create index relay_requests_desk_counts_idx on relay_requests (company_id, state, due_date);

-- Who is told of new requests; null follows the default (master users are told, others not).
alter table users add column notify_requests boolean;

-- Every transition and message, in order. Nothing may change or remove a row, except the removal
-- of its whole request (a company deleting its account), which cascades.
create table request_events (
  id bigint generated always as identity primary key,
  request_id bigint not null references relay_requests (id) on delete cascade,
  company_id bigint not null,
  at timestamptz not null default now(),
  actor text not null check (actor in ('visitor', 'operator', 'system')),
  -- Who acted, kept as words: the history outlives a removed user.
  actor_name text not null default '' check (char_length(actor_name) <= 200),
  actor_user_id bigint,
  action text not null check (char_length(action) <= 40),
  from_state text,
  to_state text,
  body text not null default '' check (char_length(body) <= 10000),
  detail jsonb not null default '{}'::jsonb
);
create index request_events_request_idx on request_events (request_id, id);

create function request_events_append_only() returns trigger language plpgsql as $$
begin
  -- A cascade from the request's own removal runs at trigger depth 2; anything else is refused.
  if tg_op = 'DELETE' and pg_trigger_depth() > 1 then
    return old;
  end if;
  raise exception 'request history is append-only' using errcode = 'insufficient_privilege';
end $$;

create trigger request_events_append_only
  before update or delete on request_events
  for each row execute function request_events_append_only();

-- Reminders: each row is sent once (claimed FOR UPDATE SKIP LOCKED and marked in the same
-- transaction as its mail), whichever instance gets there first, and kept across restarts.
create table request_jobs (
  id bigint generated always as identity primary key,
  request_id bigint not null references relay_requests (id) on delete cascade,
  kind text not null check (kind in ('save_soon', 'save_last_day', 'due_soon', 'due_tomorrow', 'overdue')),
  run_on date not null,
  sent_at timestamptz,
  unique (request_id, kind, run_on)
);
create index request_jobs_pending_idx on request_jobs (run_on, id) where sent_at is null;

-- Proof of identity or of authority, sent by the visitor: streamed to storage, seen only by the
-- company's master users, deleted 30 days after the request closes (the history keeps that it was).
create table request_documents (
  id bigint generated always as identity primary key,
  request_id bigint not null references relay_requests (id) on delete cascade,
  storage_key text not null,
  filename text not null check (char_length(filename) <= 200),
  content_type text not null,
  size_bytes bigint not null,
  uploaded_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index request_documents_request_idx on request_documents (request_id);
