// `npm run migrate`: applies pending migrations to DATABASE_URL.
import { migrate } from './migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set. (npm start migrates the embedded database by itself.)');
  process.exit(2);
}
migrate(url, console.log).then(
  () => console.log('migrations applied'),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
