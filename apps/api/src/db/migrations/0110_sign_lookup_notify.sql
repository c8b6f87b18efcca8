-- Every instance keeps recent sign look-ups in memory (modules/lookup/cache.ts) and LISTENs on
-- the channel sign_lookup. Any committed change to what a look-up returns notifies it, whichever
-- code path (or person at a psql prompt) made it, so no write can forget to:
--   'k:<sign_ref_key>'  that sign changed (claimed, moved, retired, re-keyed or deleted)
--   'c:<company id>'    something of that company's signs changed (company name, a site, a publication)
-- Notifications are delivered at commit, never for a rolled-back change, and identical ones in one
-- transaction are sent once. A new sticker needs none: the cache never holds a sign it did not find.

create function notify_sign_lookup_sticker() returns trigger language plpgsql as $$
begin
  perform pg_notify('sign_lookup', 'k:' || old.sign_ref_key);
  if tg_op = 'UPDATE' and new.sign_ref_key is distinct from old.sign_ref_key then
    perform pg_notify('sign_lookup', 'k:' || new.sign_ref_key);
  end if;
  return null;
end $$;

create trigger stickers_notify_sign_lookup
  after update of site_id, company_id, sign_ref, sign_ref_key or delete on stickers
  for each row execute function notify_sign_lookup_sticker();

create function notify_sign_lookup_company() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('sign_lookup', 'c:' || old.company_id);
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.company_id is distinct from old.company_id) then
    perform pg_notify('sign_lookup', 'c:' || new.company_id);
  end if;
  return null;
end $$;

-- A new site has no sign yet (a sign reaches it through an update of stickers), so only updates
-- and deletions of sites count; reminder bookkeeping does not change what a visitor sees.
create trigger sites_notify_sign_lookup
  after update of company_id, name, town, postcode, key_info, retention_days, details_confirmed_at, created_at
  or delete on sites
  for each row execute function notify_sign_lookup_company();

create trigger contact_publications_notify_sign_lookup
  after insert or update or delete on contact_publications
  for each row execute function notify_sign_lookup_company();

create function notify_sign_lookup_company_row() returns trigger language plpgsql as $$
begin
  perform pg_notify('sign_lookup', 'c:' || old.id);
  return null;
end $$;

create trigger companies_notify_sign_lookup
  after update of name or delete on companies
  for each row execute function notify_sign_lookup_company_row();
