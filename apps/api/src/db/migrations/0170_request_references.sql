-- A request's reference is random (R-7KX4-M2QD): it shows nobody how many requests a site or brand
-- has had, and no brand's numbering links it to another's. References already given keep the
-- number they were sent with (R-000123), so every link in a mail still opens its page.
alter table relay_requests add column reference text;
update relay_requests set reference = 'R-' || lpad(id::text, 6, '0') where reference is null;
alter table relay_requests alter column reference set not null;
create unique index relay_requests_reference_idx on relay_requests (reference);
