-- A disclosure: files of a request and the reply letter, released by a master user of the request's
-- company to the request's visitor. The visitor downloads through their private link and a one-time
-- code mailed to the request's address (docs/decisions/0050). Copies of the files are made for the
-- disclosure and deleted when it expires or is revoked; the rows, hashes and download log stay.
create table disclosures (
  id bigint generated always as identity primary key,
  request_id bigint not null references relay_requests (id) on delete cascade,
  company_id bigint not null,
  letter text not null check (char_length(letter) between 1 and 20000),
  -- The letter as the PDF the visitor downloads (its own copy, deleted with the files).
  letter_key text not null check (char_length(letter_key) <= 200),
  letter_sha256 text not null check (letter_sha256 ~ '^[0-9a-f]{64}$'),
  letter_size_bytes bigint not null,
  released_by bigint,
  -- Kept as words: the record outlives a removed user.
  released_by_name text not null default '' check (char_length(released_by_name) <= 200),
  released_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by_name text check (char_length(revoked_by_name) <= 200),
  -- When the sweep deleted its copies from storage (after expiry or revocation).
  copies_deleted_at timestamptz
);
create index disclosures_request_idx on disclosures (request_id, id);
-- The sweep's work: disclosures whose copies are still stored.
create index disclosures_sweep_idx on disclosures (expires_at) where copies_deleted_at is null;

-- The files of a disclosure, each a copy of a request's file made at release, with its hash then.
create table disclosure_items (
  id bigint generated always as identity primary key,
  disclosure_id bigint not null references disclosures (id) on delete cascade,
  file_id bigint not null references disclosure_files (id),
  -- The name in the pack and in the download's header: sanitised, unique within the disclosure.
  filename text not null check (char_length(filename) <= 255),
  storage_key text not null unique check (char_length(storage_key) <= 200),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  size_bytes bigint not null,
  content_type text not null,
  downloads integer not null default 0
);
create index disclosure_items_disclosure_idx on disclosure_items (disclosure_id, id);

-- One-time codes mailed to the request's address: only their HMAC is kept. A new code ends the
-- ones before it; a code dies when used, after 15 minutes, or after 5 wrong tries.
create table disclosure_codes (
  id bigint generated always as identity primary key,
  disclosure_id bigint not null references disclosures (id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  sent_to text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  ended_at timestamptz
);
create index disclosure_codes_disclosure_idx on disclosure_codes (disclosure_id, id);

-- Every download: what, when, from which address, which bytes were asked for and how many were sent.
create table disclosure_downloads (
  id bigint generated always as identity primary key,
  disclosure_id bigint not null references disclosures (id) on delete cascade,
  item_id bigint references disclosure_items (id) on delete cascade,
  what text not null check (what in ('file', 'letter', 'pack')),
  at timestamptz not null,
  client_address text not null check (char_length(client_address) <= 64),
  range_start bigint,
  range_end bigint,
  -- Counted as the bytes leave; null until the response ends.
  bytes_sent bigint
);
create index disclosure_downloads_disclosure_idx on disclosure_downloads (disclosure_id, id);
