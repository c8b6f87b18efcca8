// The floor of the sign look-up in bench:api: a minimal Fastify server, in a process of its own,
// answering GET /api/stickers/search/:term with the same SQL as the product's look-up against the
// same database, and nothing else (no rate limits, logging, security headers or reply schema).
// Usage: node bench/support/floor-server.mjs PORT (DATABASE_URL: PostgreSQL; else DATA_DIR: the
// product's embedded database, opened once the product has stopped). Tells its parent 'ready'.
import Fastify from 'fastify';

const port = Number(process.argv[2]);

// Kept in step with apps/api/src/modules/lookup/repository.ts (lookupSign).
const lookupSql = `select st.id, st.sign_ref, s.id as site_id, s.company_id, c.name as operator, s.name as site_name,
  s.town, s.postcode, s.key_info, s.retention_days, s.details_confirmed_at,
  coalesce(s.details_confirmed_at, s.created_at) < now() - interval '13 months' as out_of_date,
  (select row_to_json(p) from (
     select site_id, show_phone, show_email, show_address, show_relay, phone, email, address,
            is_home_address, home_address_consent, contact_text
       from contact_publications cp
      where cp.company_id = s.company_id and (cp.site_id = s.id or cp.site_id is null)
      order by cp.site_id nulls last
      limit 1) p) as publication
  from stickers st
  left join sites s on s.id = st.site_id
  left join companies c on c.id = s.company_id
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
