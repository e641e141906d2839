// The permission map of GET /v1/session for each demo role matches the roles described in docs/architecture.md (shared/src/permissions.ts) exactly.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack';
import { login } from './support/httpClient';

let stack: TestStack;
let unit: Record<string, number>;
beforeAll(async () => {
  stack = await startTestStack();
  const { rows } = await stack.server.pool.query<{ id: number; institutional_id: string }>('SELECT id, institutional_id FROM units');
  unit = Object.fromEntries(rows.map((r) => [r.institutional_id, r.id]));
});
afterAll(() => stack?.stop());

const backoffice = {
  'modules.headcount': ['view', 'edit', 'sync'],
  'modules.professional_travel': ['view', 'edit', 'sync'],
  'modules.buildings': ['view', 'edit', 'sync'],
  'modules.equipment': ['view', 'edit', 'sync'],
  'modules.purchases': ['view', 'edit', 'sync'],
  'modules.digital_services': ['view', 'edit', 'sync'],
  'modules.commuting': ['view', 'edit', 'sync'],
  'module.status': ['edit'],
  'backoffice.factors': ['view', 'edit'],
  'backoffice.units': ['view', 'edit'],
  'backoffice.jobs': ['view', 'edit'],
  'backoffice.results': ['view', 'edit'],
  'backoffice.audit': ['view'],
};

it.each([
  ['bob', (u: Record<string, number>) => ({
    [`modules.professional_travel/${u['CLIMATE-LAB']}/own`]: ['view', 'edit'],
    [`modules.headcount/${u['CLIMATE-LAB']}/own`]: ['view'],
    [`modules.commuting/${u['CLIMATE-LAB']}/own`]: ['view', 'edit'],
  })],
  ['alice', (u: Record<string, number>) => ({
    [`modules.headcount/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.professional_travel/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.buildings/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.equipment/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.purchases/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.digital_services/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`modules.commuting/${u['CLIMATE-LAB']}`]: ['view', 'edit', 'sync'],
    [`module.status/${u['CLIMATE-LAB']}`]: ['edit'],
  })],
  ['olga', () => backoffice],
  ['adam', () => ({ ...backoffice, 'backoffice.users': ['view', 'edit'] })],
])('%s gets the permission map of their role', async (username, expected) => {
  const c = stack.client();
  await login(c, username);
  const res = await c.get('/api/v1/session');
  expect(res.status).toBe(200);
  expect(res.body.permissions).toEqual(expected(unit));
});

it('lists only the units a user may see, with their report years', async () => {
  const carol = stack.client();
  await login(carol, 'carol');
  const res = await carol.get('/api/v1/units');
  expect(res.body.map((u: { institutional_id: string }) => u.institutional_id)).toEqual(['OCEAN-LAB']);
  expect(res.body[0].years).toEqual([2024, 2025]);

  const olga = stack.client();
  await login(olga, 'olga');
  const all = await olga.get('/api/v1/units');
  expect(all.body.map((u: { institutional_id: string }) => u.institutional_id).sort()).toEqual(['CLIMATE-LAB', 'FAC-SCI', 'OCEAN-LAB']);
});

it('refuses the unit list without a session', async () => {
  expect((await stack.client().get('/api/v1/units')).status).toBe(401);
});
