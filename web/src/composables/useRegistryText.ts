// Labels of registry things (modules, entry types, fields, select options, units) through vue-i18n.
// A field added to the registry without its messages yet still shows a readable label, never a
// raw message key.
import { useI18n } from 'vue-i18n';
import { unitsFor, type EntryTypeDef, type FactorSetDef, type FieldDef, type ModuleDef } from '@carbon/shared';
import type { Messages } from '../utils/entryForm';

const humanize = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** `modules.x.fields.origin` → `modules.x.<section>.origin` */
export const sectionKey = (field: FieldDef, section: string) => field.i18nKey.replace(/\.fields\./, `.${section}.`);

export function useRegistryText() {
  const { t, te } = useI18n();
  const text = (key: string, fallback: string) => (te(key) || te(key, 'en') ? t(key) : fallback);

  const fieldHint = (f: FieldDef) => text(sectionKey(f, 'hints'), '');
  /** A select's option, or a unit field's unit (units are named once, under `reporting.units`). */
  const optionLabel = (f: FieldDef, value: string) =>
    f.type === 'unit' ? text(`reporting.units.${value}`, value) : text(`${sectionKey(f, 'options')}.${value}`, value);
  /** The values a select or unit field offers, with their labels. */
  /** A select's or unit's choices; a unit's narrowed to those the entry's `data` allows. */
  const choices = (f: FieldDef, data: Readonly<Record<string, unknown>> = {}) =>
    (f.type === 'unit' ? unitsFor(f, data) : (f.options ?? [])).map((value) => ({ value, label: optionLabel(f, value) }));
  /** What form validation needs to word its messages. */
  const messages: Messages = { t: (key, params) => (params ? t(key, params) : t(key)), hint: fieldHint, optionLabel };

  return {
    messages,
    fieldHint,
    optionLabel,
    choices,
    moduleTitle: (m: ModuleDef) => text(m.i18nKey, humanize(m.type)),
    moduleDescription: (m: ModuleDef) => text(m.i18nKey.replace(/\.title$/, '.description'), ''),
    typeLabel: (e: EntryTypeDef) => text(e.i18nKey, humanize(e.type)),
    /** An entry type's own factor set bears the type's label. */
    setLabel: (s: FactorSetDef) => text(s.i18nKey, humanize(s.name)),
    fieldLabel: (f: FieldDef) => text(f.i18nKey, humanize(f.key)),
    /** Table header: a column-specific label when the module has one, else the field label. */
    columnLabel: (f: FieldDef) => text(sectionKey(f, 'columns'), text(f.i18nKey, humanize(f.key))),
  };
}
