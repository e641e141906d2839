// Who performs a domain operation: the signed-in user, or the system (demo seeding).
import { permissionsFor } from '@carbon/shared';
import type { PolicySubject } from '../policies';

export interface Actor extends PolicySubject {
  /** users.id, recorded as created_by; null for the system. */
  id: number | null;
}

/** Full rights, no person number: used by seeding code that runs without a user. */
export function systemActor(): Actor {
  return { id: null, person_number: null, permissions: permissionsFor([{ role: 'admin', unitId: null }]) };
}
