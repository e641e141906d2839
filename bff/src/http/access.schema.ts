// Schemas of /api/access: the user search, and a grant or revocation (with its reason).
import { z } from 'zod';
import { GRANTABLE_ROLES } from '@carbon/shared';

export const accessQuerySchema = z.object({
  q: z.string({ error: 'must be text' }).trim().max(200, { error: 'must be at most 200 characters' }).optional(),
});

const id = (what: string) => z.number({ error: `must be a ${what} id` }).int({ error: `must be a ${what} id` }).positive({ error: `must be a ${what} id` }).max(Number.MAX_SAFE_INTEGER);

// Every change says why: the reason goes on the audit line.
const reason = z.string({ error: 'is required: say why' }).trim().min(5, { error: 'must say why, in at least 5 characters' }).max(500, { error: 'must be at most 500 characters' });

export const roleChangeSchema = z
  .object({
    user_id: id('user'),
    role: z.enum(GRANTABLE_ROLES, { error: `must be one of: ${GRANTABLE_ROLES.join(', ')}` }),
    unit_id: id('unit').nullish().transform((v) => v ?? null),
    reason,
  })
  .superRefine((b, ctx) => {
    if (b.role === 'principal' && b.unit_id === null) ctx.addIssue({ code: 'custom', path: ['unit_id'], message: 'is required for a principal role', params: { code: 'required' } });
    if (b.role === 'backoffice' && b.unit_id !== null) ctx.addIssue({ code: 'custom', path: ['unit_id'], message: 'must be absent: the back-office role holds for every unit', params: { code: 'unknown_fields', fields: 'unit_id' } });
  });

/** An account merged into another: both by id, with its reason. */
export const mergeSchema = z.object({ from_user_id: id('user'), into_user_id: id('user'), reason });
