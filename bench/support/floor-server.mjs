// The floor of the sign look-up in bench:api: a minimal Fastify server, in a process of its own,
// answering GET /api/stickers/search/:term with the same SQL as the product's look-up against the
// same database, and nothing else (no rate limits, logging, security headers or reply schema).
// Usage: node bench/support/floor-server.mjs PORT (DATABASE_URL: PostgreSQL; else DATA_DIR: the
// product's embedded database, opened once the product has stopped). Tells its parent 'ready'.
import Fastify from 'fastify';

const port = Number(process.argv[2]);

// The product's statement for one key (apps/api/src/modules/lookup/repository.ts, lookupSigns), kept
// in step with it, once per request: what a server that does not gather look-ups asked at the same
// moment into one statement runs.
const lookupSql = `select st.id, st.sign_ref, st.sign_ref_key, s.id as site_id, s.company_id, c.name as operator, s.name as site_name, s.town,
  s.postcode, s.key_info, s.retention_days, s.details_confirmed_at, coalesce(s.details_confirmed_at, s.created_at) < now() - interval '13 months' as out_of_date,
       p.site_id as publication_site_id, p.show_phone, p.show_email, p.show_address, p.show_relay,
       p.phone, p.email, p.address, p.is_home_address, p.home_address_consent, p.contact_text
  from stickers st
  left join sites s on s.id = st.site_id
  left join companies c on c.id = s.company_id
  left join lateral (
    select cp.site_id, cp.show_phone, cp.show_email, cp.show_address, cp.show_relay, cp.phone, cp.email,
           cp.address, cp.is_home_address, cp.home_address_consent, cp.contact_text
      from contact_publications cp
     where cp.company_id = s.company_id and (cp.site_id = s.id or cp.site_id is null)
     order by cp.site_id nulls last
     limit 1
  ) p on true
 where st.sign_ref_key = $1`;

async function openDatabase() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return (params) => pool.query({ name: 'sign-lookup', text: lookupSql, values: params });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ dataDir: process.env.DATA_DIR, extensions: { pg_trgm } });
  // PGlite's query parses each time; the product prepares the statement once (db/pglite.ts).
  return (params) => pglite.query(lookupSql, params);
}

const query = await openDatabase();
const app = Fastify();
app.get('/api/stickers/search/:term', async (request, reply) => {
  const key = request.params.term.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const { rows } = await query([key]);
  const row = rows[0];
  if (!row) return reply.code(404).send({ message: 'Sign not found' });
  return { id: row.id, signRef: row.sign_ref, registered: row.site_id !== null, scheme: row };
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
