// Access management (/api/access, administrators): who holds which role where, from the unit
// directory or granted here; grants and revocations with a mandatory reason, each on the audit
// trail; the precedence between the directory and this page; and the effect at the user's next
// request on another instance (the role change's cache notice, migration 0006).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessOverview, AccessUser } from '@carbon/shared';
import { startTestStack, type TestStack } from './support/stack';
import { as, asAt, demoIds, type DemoIds } from './support/carbon';
import { settled } from './support/pipeline';
import { waitFor } from './support/jobs';

let stack: TestStack;
let ids: DemoIds;
// The stack's unit directory: the development file's content, in a file this test rewrites to
// make the directory drop a principal.
const directoryFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'access-')), 'unit-directory.json');
const directory = JSON.parse(fs.readFileSync(new URL('../data/unit-directory.json', import.meta.url), 'utf8')) as { units: { institutional_id: string; principals: number[] }[] };
const YEAR = 2025;
const ocean = () => ids.unit['OCEAN-LAB']!;
const glacier = () => ids.unit['GLACIER-LAB']!;
const userId = async (sub: string) => (await stack.server.pool.query<{ id: number }>('SELECT id FROM users WHERE sub = $1', [sub])).rows[0]!.id;
const auditLines = async (action: string) => (await stack.server.pool.query('SELECT * FROM audit_log WHERE action = $1 ORDER BY id', [action])).rows;
/** The notice reaches the other instance within milliseconds (its LISTEN connection), far below
 * the 30 s a remembered user lasts: waiting up to 3 s for it tells the two apart. */
const soon = (what: string, probe: () => Promise<boolean>) => waitFor(what, async () => (await probe()) || undefined, 3_000, 10);
const rolesOf = async (sub: string) =>
  (await stack.server.pool.query('SELECT r.role, r.unit_id, r.source FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.sub = $1 ORDER BY r.role, r.unit_id', [sub])).rows;

beforeAll(async () => {
  fs.writeFileSync(directoryFile, JSON.stringify(directory));
  stack = await startTestStack({ instances: 2, env: { UNIT_DIRECTORY: directoryFile } });
  ids = await demoIds(stack.server.pool);
  // The directory's principals (GLACIER-LAB: 300001, URBAN-LAB: 300002); Gina (300001) signs in
  // only later, so her role comes from the directory.
  await unitSync();
  ids = await demoIds(stack.server.pool);
  await stack.server.pool.query(`INSERT INTO users (iss, sub, name, email, person_number) VALUES ('test', 'gina', 'Gina Glacier', 'gina@example.org', 300001)`);
});
afterAll(async () => {
  await stack?.stop();
  fs.rmSync(path.dirname(directoryFile), { recursive: true, force: true });
});

async function unitSync(): Promise<void> {
  expect((await (await as(stack, 'olga')).post('/api/sync/units', { year: YEAR })).status).toBe(202);
  await settled(stack.server.pool);
}

describe('who holds which role', () => {
  it('lists users with their roles, units and sources, and the directory principals not signed in yet', async () => {
    const adam = await as(stack, 'adam');
    const res = await adam.get<AccessOverview>('/api/access');
    expect(res.status).toBe(200);
    const byName = (name: string) => res.body.users.find((u) => u.name === name)!;
    expect(byName('Gina Glacier').roles).toEqual([{ role: 'principal', unit_id: glacier(), unit_name: 'Glaciology Lab', source: 'directory', in_directory: true }]);
    expect(byName('Olga Novak').roles).toEqual([{ role: 'backoffice', unit_id: null, unit_name: null, source: 'manual', in_directory: false }]);
    expect(byName('Alice Martin').roles.find((r) => r.role === 'principal')).toMatchObject({ unit_name: 'Climate Dynamics Lab', in_directory: true });
    expect(res.body.more).toBe(false);
    expect(res.body.waiting).toEqual([{ person_number: 300002, unit_id: ids.unit['URBAN-LAB'], unit_name: 'Urban Energy Systems Lab' }]);

    const found = await adam.get<AccessOverview>('/api/access?q=glac');
    expect(found.body.users.map((u) => u.name)).toEqual(['Gina Glacier']);
  });

  it('is for administrators only: back-office, principals and standard users get 403', async () => {
    for (const user of ['olga', 'alice', 'bob']) {
      const c = await as(stack, user);
      expect((await c.get('/api/access')).status, user).toBe(403);
      const grant = await c.post('/api/access/grant', { user_id: await userId('carol'), role: 'principal', unit_id: ocean(), reason: 'should not work' });
      expect(grant.status, user).toBe(403);
      expect((await c.post('/api/access/revoke', { user_id: await userId('alice'), role: 'principal', unit_id: ids.unit['CLIMATE-LAB'], reason: 'should not work' })).status, user).toBe(403);
    }
    expect(await auditLines('role_grant')).toEqual([]);
  });
});

describe('granting and revoking', () => {
  it('refuses a change without a reason, or with bad fields, with a 422 naming the field; nothing changes', async () => {
    const adam = await as(stack, 'adam');
    const carol = await userId('carol');
    const before = await rolesOf('carol');
    for (const [body, field] of [
      [{ user_id: carol, role: 'principal', unit_id: ocean() }, 'reason'],
      [{ user_id: carol, role: 'principal', unit_id: ocean(), reason: '   ' }, 'reason'],
      [{ user_id: carol, role: 'principal', reason: 'a good reason' }, 'unit_id'],
      [{ user_id: carol, role: 'backoffice', unit_id: ocean(), reason: 'a good reason' }, 'unit_id'],
      [{ user_id: carol, role: 'admin', reason: 'a good reason' }, 'role'],
      [{ user_id: carol, role: 'principal', unit_id: 999999, reason: 'a good reason' }, 'unit_id'],
    ] as const) {
      const res = await adam.post('/api/access/grant', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail, JSON.stringify(body)).toContain(field);
    }
    expect((await adam.post('/api/access/grant', { user_id: 999999, role: 'backoffice', reason: 'a good reason' })).status).toBe(404);
    expect(await rolesOf('carol')).toEqual(before);
    expect(await auditLines('role_grant')).toEqual([]);
  });

  it('grants a principal role, effective at once on another instance, then revokes it; each with its audit line', async () => {
    const adam = await as(stack, 'adam');
    const carolId = await userId('carol');
    // Carol's session on the second instance, remembered there before the grant.
    const carolThere = await asAt(stack, stack.servers[1]!.url, 'carol');
    const roles = async () => (await carolThere.get('/api/v1/session')).body.roles as { role: string; unit_id: number | null }[];
    expect(await roles()).toEqual([{ role: 'standard', unit_id: ocean() }]);
    expect((await carolThere.get(`/api/sync/jobs`)).status).toBe(403);

    const granted = await adam.post<AccessUser>('/api/access/grant', { user_id: carolId, role: 'principal', unit_id: ocean(), reason: 'Acting head while Dan is away' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.roles).toContainEqual({ role: 'principal', unit_id: ocean(), unit_name: 'Ocean Physics Lab', source: 'manual', in_directory: false });
    // The second instance forgets Carol when the role row's notice arrives.
    await soon('the grant on the other instance', async () => (await roles()).some((r) => r.role === 'principal'));
    expect((await carolThere.get(`/api/sync/jobs`)).status).toBe(200);
    const [grantLine] = await auditLines('role_grant');
    expect(grantLine).toMatchObject({ actor_id: await userId('adam'), unit_id: ocean() });
    expect(grantLine.details).toEqual({ user_id: carolId, user_name: 'Carol Rossi', role: 'principal', unit_name: 'Ocean Physics Lab', reason: 'Acting head while Dan is away', previous_source: null });

    expect((await adam.post('/api/access/grant', { user_id: carolId, role: 'principal', unit_id: ocean(), reason: 'once more' })).status).toBe(409);

    const revoked = await adam.post<AccessUser>('/api/access/revoke', { user_id: carolId, role: 'principal', unit_id: ocean(), reason: 'Dan is back' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.roles).toEqual([{ role: 'standard', unit_id: ocean(), unit_name: 'Ocean Physics Lab', source: 'manual', in_directory: false }]);
    await soon('the revocation on the other instance', async () => !(await roles()).some((r) => r.role === 'principal'));
    expect(await roles()).toEqual([{ role: 'standard', unit_id: ocean() }]);
    const [revokeLine] = await auditLines('role_revoke');
    expect(revokeLine.details).toMatchObject({ user_id: carolId, role: 'principal', reason: 'Dan is back', previous_source: 'manual' });

    const notHeld = await adam.post('/api/access/revoke', { user_id: carolId, role: 'principal', unit_id: ocean(), reason: 'Dan is back' });
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.code).toBe('role_not_held');
    expect(await auditLines('role_revoke')).toHaveLength(1);
  });

  it('grants and revokes the back-office role', async () => {
    const adam = await as(stack, 'adam');
    const bob = await userId('bob');
    const bobThere = await asAt(stack, stack.servers[1]!.url, 'bob');
    expect((await bobThere.get('/api/audit')).status).toBe(403);
    expect((await adam.post('/api/access/grant', { user_id: bob, role: 'backoffice', reason: 'Helps with the 2025 campaign' })).status).toBe(200);
    await soon('the back-office grant on the other instance', async () => (await bobThere.get('/api/audit')).status === 200);
    expect((await adam.post('/api/access/revoke', { user_id: bob, role: 'backoffice', unit_id: null, reason: 'Campaign over' })).status).toBe(200);
    await soon('the back-office revocation on the other instance', async () => (await bobThere.get('/api/audit')).status === 403);
  });
});

describe('the directory and this page', () => {
  it('a role the directory gives cannot be revoked here: 409 saying where to remove it', async () => {
    const adam = await as(stack, 'adam');
    const res = await adam.post('/api/access/revoke', { user_id: await userId('gina'), role: 'principal', unit_id: glacier(), reason: 'Left the lab' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('role_from_directory');
    expect(res.body.detail).toContain('directory');
    expect(await rolesOf('gina')).toEqual([{ role: 'principal', unit_id: glacier(), source: 'directory' }]);
  });

  it('a role granted here outlasts a sync whose directory does not list the person', async () => {
    const adam = await as(stack, 'adam');
    const carol = await userId('carol');
    expect((await adam.post('/api/access/grant', { user_id: carol, role: 'principal', unit_id: glacier(), reason: 'Co-leads the glacier campaign' })).status).toBe(200);
    await unitSync();
    expect(await rolesOf('carol')).toContainEqual({ role: 'principal', unit_id: glacier(), source: 'manual' });

    // A directory role granted here again becomes this page's: the sync after the directory drops
    // the person leaves it, and the page no longer counts it as the directory's.
    expect((await adam.post('/api/access/grant', { user_id: await userId('gina'), role: 'principal', unit_id: glacier(), reason: 'Keep her after the reorganisation' })).status).toBe(200);
    expect((await auditLines('role_grant')).at(-1).details).toMatchObject({ previous_source: 'directory' });
    fs.writeFileSync(directoryFile, JSON.stringify({ units: directory.units.map((u) => (u.institutional_id === 'GLACIER-LAB' ? { ...u, principals: [] } : u)) }));
    await unitSync();
    expect(await rolesOf('gina')).toEqual([{ role: 'principal', unit_id: glacier(), source: 'manual' }]);
    const gina = (await adam.get<AccessOverview>('/api/access?q=gina')).body.users[0]!;
    expect(gina.roles).toEqual([{ role: 'principal', unit_id: glacier(), unit_name: 'Glaciology Lab', source: 'manual', in_directory: false }]);
    // And now it may be revoked here.
    expect((await adam.post('/api/access/revoke', { user_id: gina.id, role: 'principal', unit_id: glacier(), reason: 'Left after all' })).status).toBe(200);
  });
});
