-- Tries at signing in to one account from browsers it does not know (any address), and tries
-- of one known browser's device token (docs/decisions/0046). A key's next try is heard only
-- from next_try_at; the row is forgotten at forget_at. Shared by every instance of the server.
create table sign_in_guards (
  key text primary key,
  tries integer not null,
  next_try_at timestamptz not null,
  forget_at timestamptz not null
);
create index sign_in_guards_forget_at_idx on sign_in_guards (forget_at);
