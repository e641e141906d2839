// The first-screen budget check (build/budgets.ts) on a small manifest of the shape Vite writes.
import { describe, expect, it } from 'vitest';
import { budgetReport, measureScreens, screenFiles, type Manifest } from '../build/budgets';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vue.js'], dynamicImports: ['src/pages/LoginPage.vue', 'src/pages/ResultsPage.vue', 'src/layouts/MainLayout.vue'] },
  '_vue.js': { file: 'assets/vue.js' },
  '_charts.js': { file: 'assets/charts.js', imports: ['_vue.js'] },
  '_style.css': { file: 'assets/style.css' },
  'src/pages/LoginPage.vue': { file: 'assets/LoginPage.js', isDynamicEntry: true, imports: ['index.html', '_vue.js', '_style.css'] },
  'src/layouts/MainLayout.vue': { file: 'assets/MainLayout.js', isDynamicEntry: true, imports: ['index.html'] },
  // A page's chunk imports a shared chunk that imports another: both count; its dynamic
  // import (a dialog opened later) does not.
  'src/pages/ResultsPage.vue': { file: 'assets/ResultsPage.js', isDynamicEntry: true, imports: ['_charts.js'], dynamicImports: ['src/components/Later.vue'] },
  'src/components/Later.vue': { file: 'assets/Later.js', isDynamicEntry: true },
};
const sizes: Record<string, number> = {
  'assets/index.js': 30 * 1024,
  'assets/vue.js': 40 * 1024,
  'assets/charts.js': 100 * 1024,
  'assets/LoginPage.js': 1024,
  'assets/MainLayout.js': 3 * 1024,
  'assets/ResultsPage.js': 10 * 1024,
  'assets/Later.js': 500 * 1024,
};
const sizeOf = (file: string) => sizes[file]!;

describe('first-screen budgets', () => {
  it('counts the entry, the route chunks and their static imports, transitively, JavaScript only', () => {
    expect(screenFiles(manifest, ['src/pages/LoginPage.vue'])).toEqual(['assets/LoginPage.js', 'assets/index.js', 'assets/vue.js']);
    expect(screenFiles(manifest, ['src/layouts/MainLayout.vue', 'src/pages/ResultsPage.vue'])).toEqual([
      'assets/MainLayout.js',
      'assets/ResultsPage.js',
      'assets/charts.js',
      'assets/index.js',
      'assets/vue.js',
    ]);
  });

  it('passes a screen at its budget and fails one over it, naming it and by how much', () => {
    const measures = measureScreens(
      manifest,
      { login: { maxKiB: 71, routes: ['src/pages/LoginPage.vue'] }, results: { maxKiB: 180, routes: ['src/layouts/MainLayout.vue', 'src/pages/ResultsPage.vue'] } },
      sizeOf,
    );
    expect(measures.map((m) => [m.screen, m.bytes, m.ok])).toEqual([
      ['login', 71 * 1024, true],
      ['results', 183 * 1024, false],
    ]);
    const report = budgetReport(measures);
    expect(report).toMatch(/results +183\.0 KiB of +180\.0 KiB gzip, 5 files {2}OVER BUDGET/);
    expect(report).toMatch(/budget exceeded: results by 3\.0 KiB/);
    expect(report).not.toMatch(/login .*OVER/);
  });

  it('counts a dynamically imported chunk the screen waits for (awaits), with its static imports', () => {
    const [results] = measureScreens(
      manifest,
      { results: { maxKiB: 1000, routes: ['src/layouts/MainLayout.vue', 'src/pages/ResultsPage.vue'], awaits: ['src/components/Later.vue'] } },
      sizeOf,
    );
    expect(results!.files).toContain('assets/Later.js');
    expect(results!.bytes).toBe(683 * 1024);
  });

  it('says so when every screen is within its budget', () => {
    expect(budgetReport(measureScreens(manifest, { login: { maxKiB: 100, routes: ['src/pages/LoginPage.vue'] } }, sizeOf))).toMatch(/budgets met\.$/);
  });

  it('refuses a budget whose route component is not in the manifest (a renamed page)', () => {
    expect(() => screenFiles(manifest, ['src/pages/HomePage.vue'])).toThrow(/src\/pages\/HomePage\.vue.*update web\/budgets\.json/);
  });
});
