-- What the public sees of a scheme operator: which contact channels are published, for the
-- company as a whole (site_id null) and, where a site differs, for that site.
create table contact_publications (
  id bigint generated always as identity primary key,
  company_id bigint not null references companies (id),
  site_id bigint,
  show_phone boolean not null default false,
  show_email boolean not null default false,
  show_address boolean not null default false,
  -- The contact form relay: visitors write to the operator without seeing the e-mail address.
  show_relay boolean not null default true,
  phone text not null default '' check (char_length(phone) <= 30),
  email text not null default '' check (email = lower(btrim(email)) and char_length(email) <= 254),
  -- The published postal address; when it is a home address it is published only with the
  -- operator's explicit consent (home_address_consent).
  address text not null default '' check (char_length(address) <= 400),
  is_home_address boolean not null default false,
  home_address_consent boolean not null default false,
  contact_text text not null default '' check (char_length(contact_text) <= 500),
  updated_at timestamptz not null default now(),
  foreign key (site_id, company_id) references sites (id, company_id) on delete cascade
);
create unique index contact_publications_company_key on contact_publications (company_id) where site_id is null;
create unique index contact_publications_site_key on contact_publications (site_id) where site_id is not null;
create trigger contact_publications_updated_at before update on contact_publications
  for each row execute function set_updated_at();
