// The unit and year the user works on, remembered across visits.
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { UnitSummary } from '@carbon/shared';
import { api } from '../api/client';

const STORAGE_KEY = 'carbon.workspace';

interface Saved {
  unitId: number;
  year: number;
}

function readSaved(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    return v && Number.isInteger(v.unitId) && Number.isInteger(v.year) ? v : null;
  } catch {
    return null;
  }
}

export const useWorkspaceStore = defineStore('workspace', () => {
  const units = ref<UnitSummary[]>([]);
  const loaded = ref(false);
  const unitId = ref<number | null>(readSaved()?.unitId ?? null);
  const year = ref<number | null>(readSaved()?.year ?? null);

  const unit = computed(() => units.value.find((u) => u.id === unitId.value) ?? null);

  async function loadUnits(force = false): Promise<void> {
    if (loaded.value && !force) return;
    units.value = (await api.get<UnitSummary[]>('/v1/units')).data;
    loaded.value = true;
  }

  function select(nextUnitId: number, nextYear: number): void {
    unitId.value = nextUnitId;
    year.value = nextYear;
  }

  /** The remembered choice if it is still valid for this user, else null. */
  const remembered = computed<Saved | null>(() => {
    const u = unit.value;
    return u && year.value !== null && u.years.includes(year.value) ? { unitId: u.id, year: year.value } : null;
  });

  watch([unitId, year], ([u, y]) => {
    if (u !== null && y !== null) localStorage.setItem(STORAGE_KEY, JSON.stringify({ unitId: u, year: y }));
  });

  function reset(): void {
    units.value = [];
    loaded.value = false;
  }

  return { units, loaded, unitId, year, unit, remembered, loadUnits, select, reset };
});
