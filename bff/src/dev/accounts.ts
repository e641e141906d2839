// Fixed test accounts of the development identity provider. The README lists them; demo data
// gives each its roles. Passwords are for local development only.
import type { Role } from '@carbon/shared';

export interface DevAccount {
  username: string;
  password: string;
  name: string;
  email: string;
  personNumber: number;
  /** role and demo unit (institutional id) */
  roles: { role: Role; unit?: string }[];
}

export const DEV_ACCOUNTS: readonly DevAccount[] = [
  { username: 'alice', password: 'alice-demo', name: 'Alice Martin', email: 'alice@example.org', personNumber: 100001, roles: [{ role: 'principal', unit: 'CLIMATE-LAB' }] },
  { username: 'bob', password: 'bob-demo', name: 'Bob Keller', email: 'bob@example.org', personNumber: 100002, roles: [{ role: 'standard', unit: 'CLIMATE-LAB' }] },
  { username: 'carol', password: 'carol-demo', name: 'Carol Rossi', email: 'carol@example.org', personNumber: 200001, roles: [{ role: 'standard', unit: 'OCEAN-LAB' }] },
  { username: 'dan', password: 'dan-demo', name: 'Dan Weber', email: 'dan@example.org', personNumber: 200002, roles: [{ role: 'principal', unit: 'OCEAN-LAB' }] },
  { username: 'olga', password: 'olga-demo', name: 'Olga Novak', email: 'olga@example.org', personNumber: 900001, roles: [{ role: 'backoffice' }] },
  { username: 'adam', password: 'adam-demo', name: 'Adam Admin', email: 'adam@example.org', personNumber: 900002, roles: [{ role: 'admin' }] },
];

/** The accounts as the start banners list them (`npm start`, `npm run cluster`). */
export const accountLines = (): string[] => [
  'Test accounts (username / password, role):',
  ...DEV_ACCOUNTS.map((a) => `  ${a.username.padEnd(6)} / ${a.password.padEnd(11)} ${a.roles.map((r) => (r.unit ? `${r.role} of ${r.unit}` : r.role)).join(', ')}`),
];
