// The date field follows the app's language, not the browser's: the chosen date is shown in the
// app's locale, the calendar's month and day names are the app's, and it offers only the
// report's year.
import { afterEach, describe, expect, it } from 'vitest';
import { QDate } from 'quasar';
import DateInput from '../src/components/DateInput.vue';
import { mountApp, settle } from './support/mountApp';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('DateInput', () => {
  it.each([
    ['en', 'Mar 1, 2025', 'March', 0],
    ['fr', '1 mars 2025', 'mars', 1],
  ] as const)('speaks %s', async (locale, shown, march, firstDay) => {
    const w = mountApp(DateInput, { props: { modelValue: '2025-03-01', label: 'Departure date', range: { min: '2025-01-01', max: '2025-12-31' } }, attachTo: document.body }, locale);
    await settle();
    expect(w.text()).toContain(shown);
    await w.get('[data-testid="date-picker-open"]').trigger('click');
    await settle();
    const date = w.findComponent(QDate);
    const calendar = date.props('locale') as { months: string[]; firstDayOfWeek: number };
    expect(calendar.months[2]).toBe(march);
    expect(calendar.firstDayOfWeek).toBe(firstDay);
    const allowed = date.props('options') as (day: string) => boolean;
    expect([allowed('2025/03/01'), allowed('2024/12/31'), allowed('2026/01/01')]).toEqual([true, false, false]);
  });

  it('gives the typed date as YYYY-MM-DD', async () => {
    const w = mountApp(DateInput, { props: { modelValue: null, label: 'Date' } });
    await w.get('input').setValue('2025-06-15');
    expect(w.emitted('update:modelValue')?.at(-1)).toEqual(['2025-06-15']);
  });
});
