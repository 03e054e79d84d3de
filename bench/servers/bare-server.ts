/**
 * The baseline: a bare Fastify + pg server answering the same JSON and running the same SQL as
 * the app's routes, with none of the app's plugins, validation or serialization.
 */
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
});
const app = Fastify();

const config = {
  currency: 'JPY',
  currency_exponent: 0,
  time_zone: 'Asia/Tokyo',
  default_language: 'jp',
  fallback_language: 'en',
  page_limit: 10,
  max_page_limit: 50,
};
// The app reads the admin-editable wallet settings on each call; the baseline runs the same query.
app.get('/bare/config', async () => {
  const { rows } = await pool.query('select "key", "value" from "settings"');
  const wallet: Record<string, unknown> = {};
  for (const row of rows) wallet[row.key] = row.value;
  return { code: 1, msg: 'Success', data: { ...config, wallet } };
});
app.get('/bare/languages', async () => {
  const { rows } = await pool.query(
    'select file_name, language_name, chinese_name, tag, dir from languages where is_enabled = true order by sort_order asc',
  );
  return { code: 1, msg: 'Success', data: rows };
});
app.get('/bare/health', async () => ({ ok: true }));

await app.listen({ host: '127.0.0.1', port });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
