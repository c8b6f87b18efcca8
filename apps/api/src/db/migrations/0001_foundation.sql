-- Shared by later tables: keeps an updated_at column current on every UPDATE.
-- Use: create trigger <table>_updated_at before update on <table>
--        for each row execute function set_updated_at();
create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
