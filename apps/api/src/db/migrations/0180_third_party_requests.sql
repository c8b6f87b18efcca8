-- Requests from the police, insurers and solicitors (docs/decisions/0052): what their own form asks,
-- kept beside the request, and the operator's decision once taken. The history (request_events)
-- records the same decision with its reasons; these columns let the desk read it without parsing.
create table third_party_requests (
  request_id bigint primary key references relay_requests (id) on delete cascade,
  requester text not null check (requester in ('police', 'insurer', 'solicitor')),
  -- The form's fields as checked by the contract (officialRequestBody), without the requester.
  details jsonb not null,
  decision text check (decision in ('disclose', 'decline')),
  basis text check (basis in ('crime', 'legal_claims', 'required_by_law')),
  reasons jsonb not null default '[]'::jsonb,
  reasons_text text not null default '' check (char_length(reasons_text) <= 4000),
  decided_at timestamptz,
  decided_by_name text check (char_length(decided_by_name) <= 200),
  -- Recorded as handed over outside the product: { what, when, toWhom, how }.
  handed_over jsonb,
  handed_over_at timestamptz,
  check ((decision is null) = (decided_at is null))
);
