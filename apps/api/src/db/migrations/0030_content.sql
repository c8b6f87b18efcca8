-- The sister sites' content, loaded from content/<brand>/ by the content seed. The files are
-- the source of truth: the seed replaces a brand's rows whenever its files change. Replies are
-- stored ready to send (image and download URLs resolved), so a read is one query.

-- A hash of each brand's rows: the ETag of its content calls.
create table content_versions (
  brand text primary key,
  version text not null
);

-- Every file the content calls link to: pictures, manuals rendered to PDF, release notes and
-- voice recordings. `path` is relative to content/<brand>/ (origin 'content') or to
-- DATA_DIR/content-media/<brand>/ (origin 'generated'); visitors only ever name `name`.
create table content_files (
  brand text not null,
  name text not null check (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]*$'),
  kind text not null check (kind in ('image', 'document', 'audio')),
  content_type text not null,
  size integer not null check (size >= 0),
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  origin text not null check (origin in ('content', 'generated')),
  path text not null check (path !~ '(^|/)\.\.(/|$)' and path !~ '^/'),
  width integer,
  height integer,
  primary key (brand, name)
);

create table content_pages (
  brand text not null,
  slug text not null,
  title text not null,
  description text not null,
  body text not null,
  resources text[] not null default '{}',
  products text[] not null default '{}',
  downloads text[] not null default '{}',
  primary key (brand, slug)
);

create table content_products (
  brand text not null,
  name text not null,
  title text not null,
  summary text not null,
  sort_order integer not null,
  description text not null,
  features jsonb not null,
  specs jsonb not null,
  images jsonb not null,
  downloads jsonb not null,
  channels integer,
  resolution text,
  storage text,
  primary key (brand, name)
);
create unique index content_products_name_ci on content_products (brand, lower(name));

create table content_resources (
  brand text not null,
  content_type text not null,
  sort_order integer not null,
  title text not null,
  description text not null,
  items jsonb not null,
  primary key (brand, content_type)
);

-- Single documents of a brand: the DVR introduction ('dvr-intro') and support ('support').
create table content_documents (
  brand text not null,
  key text not null,
  data jsonb not null,
  primary key (brand, key)
);

create table voice_categories (
  brand text not null,
  id integer not null,
  sort_order integer not null,
  title text not null,
  description text not null,
  primary key (brand, id)
);

create table voice_subcategories (
  brand text not null,
  id integer not null,
  category_id integer not null,
  sort_order integer not null,
  title text not null,
  description text not null,
  primary key (brand, id),
  foreign key (brand, category_id) references voice_categories (brand, id) on delete cascade
);

create table voice_messages (
  brand text not null,
  id integer not null,
  subcategory_id integer not null,
  sort_order integer not null,
  title text not null,
  spoken_text text not null,
  duration_seconds integer not null,
  -- content_files.name of the recording.
  audio text not null,
  primary key (brand, id),
  foreign key (brand, subcategory_id) references voice_subcategories (brand, id) on delete cascade
);
create index voice_messages_subcategory on voice_messages (brand, subcategory_id, sort_order);
