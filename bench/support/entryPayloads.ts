// A valid Path 1 payload for any entry type of the registry, built from its field descriptors
// (shared/src/modules/fields.ts), so that bench/path1.ts covers every type without a hand-written
// body per type: required fields only (the others have defaults or may stay empty), values
// within each field's bounds, options and units; a field whose values come from the year's
// factor rows (factorChoices) takes the first row the API offers (`…/choices/{field}`).
import type { EntryTypeDef, FieldDef } from '@carbon/shared';

const AIRPORTS = ['GVA', 'JFK', 'LHR', 'CDG', 'FRA'];
const PLACES = ['Lausanne', 'Paris'];

/** Values a factorChoices field may take, by field key: the first offered row's values. */
export type Choices = Record<string, Record<string, string> | undefined>;

function numberIn(f: FieldDef, n: number): number {
  const min = f.min ?? 0;
  const max = f.max ?? min + 1000;
  const lowest = f.minExclusive || min <= 0 ? Math.max(min, 0) + 1 : min;
  const value = lowest + (n % Math.max(1, Math.min(50, Math.floor(max - lowest))));
  return Math.min(value, max);
}

function textFor(f: FieldDef, n: number): string {
  const candidates = [`${100_000 + n}`, `Bench ${n}`, 'CH', 'Bench'];
  const fits = candidates.find((c) => (!f.pattern || f.pattern.test(c)) && c.length <= (f.max ?? 200));
  return fits ?? 'x';
}

/** The body of a create; `n` varies the values (person numbers must be unique). */
export function createPayload(def: EntryTypeDef, n: number, year: number, traveler: number, choices: Choices): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  let place = 0;
  for (const f of def.fields) {
    // A field required unless others stand in for it (a trip's distance) is given itself.
    if (f.readOnly || !(f.required || f.requiredUnless) || f.key in body) continue;
    const choice = f.factorChoices ? choices[f.key] : undefined;
    if (choice) {
      for (const [k, v] of Object.entries(choice)) if (def.fields.some((x) => x.key === k && !x.readOnly)) body[k] = v;
      // A choice may name the value by its factor row's key (`mix` for a grid country).
      if (!(f.key in body)) body[f.key] = choice[f.factorChoices!.key];
      continue;
    }
    switch (f.type) {
      case 'number':
      case 'integer':
        body[f.key] = numberIn(f, n);
        break;
      case 'select':
        body[f.key] = f.default ?? f.options?.[n % (f.options?.length ?? 1)];
        break;
      case 'unit': {
        const by = f.units?.byOption;
        const allowed = by ? by.allowed[String(body[by.field])] : f.units?.allowed;
        body[f.key] = allowed?.[0] ?? f.units?.base;
        break;
      }
      case 'date':
        body[f.key] = `${year}-03-01`;
        break;
      case 'boolean':
        body[f.key] = f.default ?? true;
        break;
      case 'location': {
        const list = f.location?.kind === 'airport' ? AIRPORTS : PLACES;
        body[f.key] = list[(place++ + n) % list.length];
        break;
      }
      case 'headcount-member-select':
        body[f.key] = traveler;
        break;
      default:
        body[f.key] = textFor(f, n);
    }
  }
  // A route's two ends must differ.
  if (def.route && body[def.route.from] === body[def.route.to]) {
    const list = typeof body[def.route.from] === 'string' && AIRPORTS.includes(String(body[def.route.from])) ? AIRPORTS : PLACES;
    body[def.route.to] = list.find((x) => x !== body[def.route!.from]);
  }
  return body;
}

/** The body of an update: one field edited inline in the table (a number if there is one). */
export function updatePayload(def: EntryTypeDef, n: number): Record<string, unknown> | undefined {
  const editable = def.fields.filter((f) => f.inlineEditable && !f.readOnly);
  const num = editable.find((f) => f.type === 'number' || f.type === 'integer');
  if (num) return { [num.key]: numberIn(num, n) };
  const select = editable.find((f) => f.type === 'select' && f.options?.length);
  if (select) return { [select.key]: select.options![n % select.options!.length] };
  const bool = editable.find((f) => f.type === 'boolean');
  return bool ? { [bool.key]: n % 2 === 0 } : undefined;
}
