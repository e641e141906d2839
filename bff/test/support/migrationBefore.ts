// A fresh database whose schema stops just before one migration, for tests that fill it with rows
// of that time and then check what the migration makes of them (`migrate` applies the rest).
import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import { inject } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { databaseUrl } from './stack';

export async function databaseBefore(migration: string): Promise<{ url: string; db: pg.Client }> {
  const name = `t_migration_${crypto.randomBytes(4).toString('hex')}_${inject('templateDb').split('_').pop()}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = databaseUrl(name);
  const before = fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < migration).length;
  await runner({ databaseUrl: url, dir: MIGRATIONS_DIR, migrationsTable: 'pgmigrations', direction: 'up', count: before, log: () => {} });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return { url, db };
}
