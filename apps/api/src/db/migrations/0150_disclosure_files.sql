-- Files the operator uploads to a request to disclose (clips and stills), each kept as it arrived
-- with the SHA-256 computed while its bytes streamed in, what ffprobe read of it, and, for a clip a
-- browser cannot play, a converted H.264 MP4 copy with its own hash. A row exists from the moment
-- an upload is created (so every PATCH and HEAD can be checked against the request's company) and
-- is removed if the upload is refused; a deleted file keeps its row, hashes and history.
create table disclosure_files (
  id bigint generated always as identity primary key,
  request_id bigint not null references relay_requests (id) on delete cascade,
  company_id bigint not null,
  -- The tus upload's id, which is also the original's storage key: uploads/clips/<request>/<uuid>.
  storage_key text not null unique check (char_length(storage_key) <= 200),
  filename text not null check (char_length(filename) <= 255),
  -- Read from the first bytes, never from the name; null until they arrive.
  kind text check (kind in ('mp4', 'mov', 'avi', 'mkv', 'dav', 'jpeg', 'png')),
  size_bytes bigint not null check (size_bytes > 0),
  upload_state text not null default 'uploading' check (upload_state in ('uploading', 'complete')),
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  -- ffprobe's facts; null until read (or when it could not read them).
  duration_ms bigint,
  width integer,
  height integer,
  video_codec text check (char_length(video_codec) <= 40),
  audio_codec text check (char_length(audio_codec) <= 40),
  -- probing: waiting for ffprobe; not_needed: plays as it is (or a still); waiting/converting/done/
  -- failed: the playable copy; not_possible: ffprobe could not read it, kept as a file to download.
  processing_state text not null default 'probing' check (processing_state in (
    'probing', 'not_needed', 'waiting', 'converting', 'done', 'failed', 'not_possible')),
  -- Of the conversion, 0 to 100.
  progress integer not null default 0 check (progress between 0 and 100),
  playable_key text check (char_length(playable_key) <= 200),
  playable_sha256 text check (playable_sha256 ~ '^[0-9a-f]{64}$'),
  playable_size_bytes bigint,
  -- A still taken from a clip: which clip, and where in it.
  source_file_id bigint references disclosure_files (id),
  still_at_ms bigint,
  uploaded_by bigint,
  -- Kept as words: the record outlives a removed user.
  uploaded_by_name text not null default '' check (char_length(uploaded_by_name) <= 200),
  uploaded_at timestamptz not null default now(),
  completed_at timestamptz,
  deleted_at timestamptz
);
create index disclosure_files_request_idx on disclosure_files (request_id, id);
-- The background worker's queue: files waiting for ffprobe or for a conversion, oldest first.
create index disclosure_files_queue_idx on disclosure_files (id)
  where upload_state = 'complete' and deleted_at is null
    and processing_state in ('probing', 'waiting', 'converting');
