-- The public look-up: a search document per site with a trigram index (typos forgiven), the
-- record of each look-up (no personal data), and the messages visitors send through the relay.

create extension if not exists pg_trgm;

-- Company name, site name, town and postcode, lower case, kept current by the triggers below,
-- and its words as a text search vector. Searching takes two steps, as the pg_trgm documentation
-- suggests: each typed word is matched, typos forgiven, against the vocabulary of all words
-- (search_words, a GIN trigram index), then the sites holding a close word for every typed
-- word are found through the GIN index of search_tsv. Ranking candidates by trigram similarity
-- of whole documents instead costs tens of microseconds a row, far too much when a town has
-- thousands of sites.
alter table sites add column search_doc text not null default '';
alter table sites add column search_tsv tsvector generated always as (to_tsvector('simple', search_doc)) stored;
create index sites_search_tsv_idx on sites using gin (search_tsv);

create table search_words (word text primary key);
create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops);

create or replace function site_search_doc(company_name text, site_name text, town text, postcode text)
returns text language sql immutable as $$
  select lower(concat_ws(' ', company_name, site_name, town, postcode, replace(postcode, ' ', '')))
$$;

create or replace function sites_set_search_doc() returns trigger
language plpgsql as $$
begin
  new.search_doc := site_search_doc(
    (select name from companies where id = new.company_id), new.name, new.town, new.postcode);
  return new;
end;
$$;
create trigger sites_search_doc before insert or update of name, town, postcode, company_id on sites
  for each row execute function sites_set_search_doc();

-- Words are only ever added: a word no site uses any more finds nothing, which is harmless.
create or replace function sites_add_search_words() returns trigger
language plpgsql as $$
begin
  insert into search_words (word)
  select distinct unnest(tsvector_to_array(search_tsv)) from changed_sites
  on conflict do nothing;
  return null;
end;
$$;
create trigger sites_search_words_insert after insert on sites
  referencing new table as changed_sites
  for each statement execute function sites_add_search_words();
create trigger sites_search_words_update after update on sites
  referencing new table as changed_sites
  for each statement execute function sites_add_search_words();

create or replace function companies_refresh_site_search_docs() returns trigger
language plpgsql as $$
begin
  update sites set search_doc = site_search_doc(new.name, name, town, postcode)
   where company_id = new.id;
  return null;
end;
$$;
create trigger companies_site_search_docs after update of name on companies
  for each row execute function companies_refresh_site_search_docs();

update sites s set search_doc = site_search_doc(c.name, s.name, s.town, s.postcode)
  from companies c where c.id = s.company_id;

-- Also created by 0045 when that ran first; the same columns either way.
create table if not exists search_records (
  id bigint generated always as identity primary key,
  term text not null,
  sticker_id bigint references stickers (id) on delete set null,
  brand text not null,
  created_at timestamptz not null default now()
);
create index if not exists search_records_sticker_idx on search_records (sticker_id, created_at);

-- What a visitor asked the operator through the "Contact the operator" form. The visitor's name
-- and e-mail are kept so the operator can answer; they are never shown to anyone else.
create table relay_requests (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id),
  site_id bigint not null,
  sticker_id bigint references stickers (id) on delete set null,
  brand text not null,
  kind text not null check (kind in ('question', 'footage', 'complaint')),
  visitor_name text not null check (char_length(visitor_name) between 1 and 100),
  visitor_email text not null check (char_length(visitor_email) between 3 and 254),
  message text not null default '' check (char_length(message) <= 4000),
  -- Footage requests: when and where the visitor was, and how to find them in the recording.
  footage_date date,
  time_from text,
  time_to text,
  location text not null default '' check (char_length(location) <= 400),
  description text not null default '' check (char_length(description) <= 2000),
  received_at timestamptz not null default now(),
  -- One calendar month from receipt (subject access request), and recording date + retention.
  due_date date not null,
  overwrite_date date,
  foreign key (site_id, company_id) references sites (id, company_id),
  check (kind <> 'footage' or footage_date is not null)
);
create index relay_requests_company_idx on relay_requests (company_id, received_at desc);
