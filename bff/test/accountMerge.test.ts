// Accounts of one person under two issuers (/api/access, administrators). When an identity
// provider changes its issuer, the person signs in as a new account, `(iss, sub)` being a user's
// identity: the access page must tell the two rows apart (issuer, last sign-in, the other accounts
// of the same person) and an administrator merges the stale one into the live one. Roles and
// history follow (roles, created_by of entries, jobs and uploads, earlier merges, audit lines read
// under the new id), the merged account is removed in the same transaction as its audit line, a
// sign-in with its identity lands on the account it went into, and every refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessOverview, AccessUser, AuditPage } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { addMember, as, demoIds, type DemoIds } from './support/carbon';
import { login } from './support/httpClient';
import { settled } from './support/pipeline';

let stack: TestStack;
let ids: DemoIds;
const OLD_ISSUER = 'https://old-idp.example.org';
const q = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => stack.server.pool.query<R>(sql, params);
const idOf = async (iss: string, sub: string) => Number((await q<{ id: string }>('SELECT id FROM users WHERE iss = $1 AND sub = $2', [iss, sub])).rows[0]!.id);
const count = async (sql: string, params: unknown[]) => Number((await q<{ n: string }>(sql, params)).rows[0]!.n);
const mergeLines = async () => (await q('SELECT * FROM audit_log WHERE action = $1 ORDER BY id', ['user_merge'])).rows;

/** Everything of an account the merge moves, counted. */
async function holdings(userId: number) {
  return {
    roles: await count('SELECT count(*) AS n FROM user_roles WHERE user_id = $1', [userId]),
    entries: await count('SELECT count(*) AS n FROM data_entries WHERE created_by = $1', [userId]),
    jobs: await count('SELECT count(*) AS n FROM data_ingestion_jobs WHERE created_by = $1', [userId]),
    uploads: await count('SELECT count(*) AS n FROM uploads WHERE created_by = $1', [userId]),
    merges: await count('SELECT count(*) AS n FROM user_merges WHERE into_user_id = $1', [userId]),
    sessions: await count(`SELECT count(*) AS n FROM session WHERE sess ->> 'userId' = $1::text`, [userId]),
  };
}

let realIssuer: string;
let carol: number; // her account at the current issuer
let carolOld: number; // her account at the issuer her provider had before

beforeAll(async () => {
  stack = await startTestStack();
  ids = await demoIds(stack.server.pool);
  // History to move: an entry (Dan's member row) and a job (Olga's unit sync), given below to
  // Carol's old account.
  const member = await addMember(await as(stack, 'dan'), ids.unit['OCEAN-LAB']!, 2025, 200777, 'Merge Probe');
  expect((await (await as(stack, 'olga')).post('/api/sync/units', { year: 2025 })).status).toBe(202);
  await settled(stack.server.pool);
  // Carol signs in today: her account at the development IdP's issuer.
  await as(stack, 'carol');
  realIssuer = (await q<{ iss: string }>(`SELECT iss FROM users WHERE sub = 'carol'`)).rows[0]!.iss;
  carol = await idOf(realIssuer, 'carol');
  // Her account from before the issuer changed: same person number and email, last sign-in a
  // year ago, with the principal role an administrator granted on the wrong row, the standard
  // role she also holds now, and history: an entry, an upload and its job, an earlier merge, an
  // audit line and a session.
  carolOld = Number(
    (
      await q<{ id: string }>(
        `INSERT INTO users (iss, sub, name, email, person_number, last_login_at)
         SELECT $1, 'carol-at-old-idp', name, email, person_number, '2024-03-01T09:00:00Z' FROM users WHERE id = $2 RETURNING id`,
        [OLD_ISSUER, carol],
      )
    ).rows[0]!.id,
  );
  const climate = ids.unit['CLIMATE-LAB']!;
  const ocean = ids.unit['OCEAN-LAB']!;
  await q(`INSERT INTO user_roles (user_id, role, unit_id, source) VALUES ($1, 'principal', $2, 'manual'), ($1, 'standard', $3, 'manual')`, [carolOld, climate, ocean]);
  await q(`UPDATE data_entries SET created_by = $1 WHERE id = $2`, [carolOld, member.id]);
  await q(`INSERT INTO uploads (sha256, bytes, content, created_by) VALUES (repeat('a', 64), 3, 'a,b', $1)`, [carolOld]);
  await q(`UPDATE data_ingestion_jobs SET created_by = $1 WHERE id = (SELECT max(id) FROM data_ingestion_jobs WHERE job_type = 'unit_sync')`, [carolOld]);
  await q(`INSERT INTO user_merges (merged_user_id, iss, sub, into_user_id) VALUES (999000, 'https://older-idp.example.org', 'carol', $1)`, [carolOld]);
  await q(`INSERT INTO audit_log (actor_id, actor_name, actor_email, action, details) VALUES ($1, 'Carol Rossi', 'carol@example.org', 'sign_in', '{"address": "10.0.0.9"}')`, [carolOld]);
  await q(`INSERT INTO session (sid, sess, expire) VALUES ('old-carol-session', json_build_object('userId', $1::bigint), now() + interval '1 hour')`, [carolOld]);
});
afterAll(() => stack?.stop());

describe('the accounts of one person', () => {
  it('are told apart on the access page: issuer, last sign-in, and the other account of the same person', async () => {
    const res = await (await as(stack, 'adam')).get<AccessOverview>('/api/access?q=carol');
    expect(res.status).toBe(200);
    const rows = res.body.users.filter((u) => u.name === 'Carol Rossi');
    expect(rows.map((u) => u.id).sort()).toEqual([carol, carolOld].sort());
    const live = rows.find((u) => u.id === carol)!;
    const stale = rows.find((u) => u.id === carolOld)!;
    expect(live).toMatchObject({ iss: realIssuer, same_person: [carolOld] });
    expect(stale).toMatchObject({ iss: OLD_ISSUER, same_person: [carol] });
    // Her sign-in above set the live account's; the old one's is a year back.
    expect(Date.now() - Date.parse(live.last_login_at!)).toBeLessThan(10 * 60_000);
    expect(new Date(stale.last_login_at!).toISOString()).toBe('2024-03-01T09:00:00.000Z');
    // Dan, alone under his issuer, has no other account.
    expect((await (await as(stack, 'adam')).get<AccessOverview>('/api/access?q=dan')).body.users[0]!.same_person).toEqual([]);
  });
});

describe('merging an account into another', () => {
  it('is for administrators only: back-office, principals and standard users get 403', async () => {
    for (const user of ['olga', 'dan', 'bob']) {
      const res = await (await as(stack, user)).post('/api/access/merge', { from_user_id: carolOld, into_user_id: carol, reason: 'same person, old issuer' });
      expect(res.status, user).toBe(403);
    }
    expect(await mergeLines()).toEqual([]);
  });

  it('refuses a merge into itself, with a missing account, without a reason, between person numbers, of the acting administrator, or that would make an administrator; nothing changes', async () => {
    const adam = await as(stack, 'adam');
    const adamId = await idOf(realIssuer, 'adam');
    const before = await holdings(carolOld);
    const refused = async (body: Record<string, unknown>, status: number, code: string) => {
      const res = await adam.post('/api/access/merge', { reason: 'same person, old issuer', ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code, JSON.stringify(res.body)).toBe(code);
      expect(typeof res.body.detail).toBe('string');
      return res.body;
    };
    const itself = await refused({ from_user_id: carolOld, into_user_id: carolOld }, 422, 'merge_into_itself');
    expect(itself.detail).toContain('into_user_id');
    expect(itself.errors).toContainEqual(expect.objectContaining({ field: 'into_user_id', code: 'merge_into_itself' }));
    expect((await refused({ from_user_id: carolOld, into_user_id: 987654 }, 404, 'no_such_user')).detail).toContain('987654');
    expect((await refused({ from_user_id: 987654, into_user_id: carol }, 404, 'no_such_user')).detail).toContain('987654');
    expect((await refused({ from_user_id: carolOld, into_user_id: carol, reason: 'no' }, 422, 'text_too_short')).detail).toContain('reason');
    // Bob has another person number: not the same person.
    const bob = await idOf(realIssuer, 'bob');
    const differ = await refused({ from_user_id: carolOld, into_user_id: bob }, 409, 'merge_person_numbers_differ');
    expect(differ.params).toEqual({ merged: 200001, into: 100002 });
    // Adam cannot merge away the account he acts with, nor pass his administrator role on.
    await refused({ from_user_id: adamId, into_user_id: carol }, 403, 'merge_own_account');
    const otherAdmin = Number((await q<{ id: string }>(`INSERT INTO users (iss, sub, name) VALUES ('https://old-idp.example.org', 'root', 'Old Root') RETURNING id`)).rows[0]!.id);
    await q(`INSERT INTO user_roles (user_id, role, source) VALUES ($1, 'admin', 'manual')`, [otherAdmin]);
    await refused({ from_user_id: otherAdmin, into_user_id: carol }, 403, 'merge_grants_admin');

    expect(await holdings(carolOld)).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM users WHERE id = ANY($1)', [[carol, carolOld, otherAdmin]])).toBe(3);
    expect(await mergeLines()).toEqual([]);
  });

  it('moves roles and history to the other account, removes the merged one and ends its sessions, with one audit line', async () => {
    const adam = await as(stack, 'adam');
    const moved = await holdings(carolOld);
    expect(moved).toMatchObject({ roles: 2, entries: 1, jobs: 1, merges: 1, sessions: 1 });
    const target = await holdings(carol);
    // Carol's session remembers her roles before the merge: the merge's role notice updates it.
    const carolClient = await as(stack, 'carol');
    expect(((await carolClient.get('/api/v1/session')).body.roles as { role: string }[]).some((r) => r.role === 'principal')).toBe(false);

    const res = await adam.post<AccessUser>('/api/access/merge', { from_user_id: carolOld, into_user_id: carol, reason: 'Her identity provider changed its issuer' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: carol, iss: realIssuer, same_person: [] });
    // Her standard role at the Ocean Physics Lab was on both rows: kept once.
    expect(res.body.roles).toEqual([
      { role: 'standard', unit_id: ids.unit['OCEAN-LAB'], unit_name: 'Ocean Physics Lab', source: 'manual', in_directory: false },
      { role: 'principal', unit_id: ids.unit['CLIMATE-LAB'], unit_name: 'Climate Dynamics Lab', source: 'manual', in_directory: false },
    ]);
    expect(await count('SELECT count(*) AS n FROM users WHERE id = $1', [carolOld])).toBe(0);
    expect(await holdings(carolOld)).toEqual({ roles: 0, entries: 0, jobs: 0, uploads: 0, merges: 0, sessions: 0 });
    expect(await holdings(carol)).toEqual({
      roles: 2,
      entries: target.entries + moved.entries,
      jobs: target.jobs + moved.jobs,
      uploads: target.uploads + moved.uploads,
      // The earlier merge into the old account, and this one.
      merges: target.merges + moved.merges + 1,
      sessions: target.sessions,
    });
    expect((await q('SELECT merged_user_id, iss, sub, into_user_id FROM user_merges WHERE merged_user_id = $1', [carolOld])).rows).toEqual([{ merged_user_id: carolOld, iss: OLD_ISSUER, sub: 'carol-at-old-idp', into_user_id: carol }]);

    const [line, ...more] = await mergeLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ actor_id: await idOf(realIssuer, 'adam'), unit_id: null });
    expect(line!.details).toMatchObject({
      merged_user_id: carolOld,
      merged_user: `Carol Rossi (#${carolOld}, ${OLD_ISSUER})`,
      merged_iss: OLD_ISSUER,
      merged_sub: 'carol-at-old-idp',
      merged_person_number: 200001,
      merged_last_login_at: '2024-03-01T09:00:00.000Z',
      into_user_id: carol,
      into_user: `Carol Rossi (#${carol}, ${realIssuer})`,
      reason: 'Her identity provider changed its issuer',
      moved_roles: ['principal of Climate Dynamics Lab (manual)', 'standard of Ocean Physics Lab (manual)'],
      moved_entries: 1,
      moved_jobs: 1,
      moved_uploads: moved.uploads,
    });
    // Her session has the role at its next request.
    expect(((await carolClient.get('/api/v1/session')).body.roles as { role: string; unit_id: number }[]).some((r) => r.role === 'principal' && r.unit_id === ids.unit['CLIMATE-LAB'])).toBe(true);
  });

  it('reads the merged account\'s audit lines under the account it went into', async () => {
    const page = (await (await as(stack, 'adam')).get<AuditPage>(`/api/audit?actor=${carol}&action=sign_in`)).body;
    expect(page.lines.map((l) => l.actor_id)).toContain(carolOld);
    expect(page.lines.map((l) => l.actor_id)).toContain(carol);
    expect(page.lines.every((l) => l.actor_id === carol || l.actor_id === carolOld)).toBe(true);
  });

  it('signs in with a merged identity on the account it went into, never creating the duplicate again', async () => {
    // Merged the other way round: the account at today's issuer goes into a stale one.
    const stale = Number((await q<{ id: string }>(`INSERT INTO users (iss, sub, name, email, person_number) VALUES ($1, 'carol-2019', 'Carol Rossi', 'carol@example.org', 200001) RETURNING id`, [OLD_ISSUER])).rows[0]!.id);
    const res = await (await as(stack, 'adam')).post<AccessUser>('/api/access/merge', { from_user_id: carol, into_user_id: stale, reason: 'Keep the oldest account' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await count('SELECT count(*) AS n FROM user_merges WHERE into_user_id = $1', [stale])).toBe(3);

    const c = stack.client();
    await login(c, 'carol');
    expect((await c.get<{ user: { id: number; name: string } }>('/api/v1/session')).body.user).toMatchObject({ id: stale, name: 'Carol Rossi' });
    expect(await count('SELECT count(*) AS n FROM users WHERE iss = $1 AND sub = $2', [realIssuer, 'carol'])).toBe(0);
    const signIn = (await q<{ actor_id: string }>(`SELECT actor_id FROM audit_log WHERE action = 'sign_in' ORDER BY id DESC LIMIT 1`)).rows[0]!;
    expect(Number(signIn.actor_id)).toBe(stale);
    const account = (await q<{ last_login_at: Date }>('SELECT last_login_at FROM users WHERE id = $1', [stale])).rows[0]!;
    expect(Date.now() - account.last_login_at.getTime()).toBeLessThan(10 * 60_000);
    // And she has the roles that went there.
    expect((await c.get<{ roles: { role: string }[] }>('/api/v1/session')).body.roles.some((r) => r.role === 'principal')).toBe(true);
  });
});

describe('the merge knows every reference to an account', () => {
  it('moves every foreign key to users: a new one must be added to moveUserHistory.sql and here', async () => {
    const { rows } = await q<{ ref: string }>(
      `SELECT c.conrelid::regclass::text || '.' || a.attname AS ref
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
        ORDER BY 1`,
    );
    expect(rows.map((r) => r.ref)).toEqual(['data_entries.created_by', 'data_ingestion_jobs.created_by', 'plan_scenarios.created_by', 'plan_targets.updated_by', 'uploads.created_by', 'user_merges.into_user_id', 'user_roles.user_id']);
  });
});
