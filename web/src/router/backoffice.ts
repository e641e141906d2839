// The back-office area (/backoffice/{uploads,factors,units,jobs,rollup,audit,users}). Each page states the
// permission it needs in `meta.permission`; the router guard and the back-office menu both read
// it, so a page is offered exactly when its address would open. Paths match
// shared/src/routes.ts (SPA_PATH_PATTERNS).
// The checks themselves are in routeAccess.ts, loaded with the signed-in guard.
import type { RouteRecordRaw } from 'vue-router';
import type { BackofficeArea } from '@carbon/shared';
import { useAuthStore } from '../stores/auth';

export interface RoutePermission {
  area: BackofficeArea;
  action: 'view' | 'edit';
}

declare module 'vue-router' {
  interface RouteMeta {
    /** Back-office permission the page needs; without it the guard sends to /forbidden. */
    permission?: RoutePermission;
    /** Menu entry of a back-office page: i18n key of its label, and its icon. */
    menu?: { label: string; icon: string };
  }
}

const pages: RouteRecordRaw[] = [
  {
    // Uploads start pipelines the operator then follows, in the job console's terms.
    path: 'uploads',
    name: 'backoffice-uploads',
    component: () => import('../pages/backoffice/UploadsPage.vue'),
    meta: { permission: { area: 'jobs', action: 'view' }, menu: { label: 'backoffice.nav.uploads', icon: 'upload_file' } },
  },
  {
    path: 'factors',
    name: 'backoffice-factors',
    component: () => import('../pages/backoffice/FactorsPage.vue'),
    meta: { permission: { area: 'factors', action: 'view' }, menu: { label: 'backoffice.nav.factors', icon: 'tune' } },
  },
  {
    path: 'units',
    name: 'backoffice-units',
    component: () => import('../pages/backoffice/UnitsPage.vue'),
    meta: { permission: { area: 'units', action: 'view' }, menu: { label: 'backoffice.nav.units', icon: 'account_tree' } },
  },
  {
    path: 'jobs',
    name: 'backoffice-jobs',
    component: () => import('../pages/backoffice/JobsPage.vue'),
    meta: { permission: { area: 'jobs', action: 'view' }, menu: { label: 'backoffice.nav.jobs', icon: 'list_alt' } },
  },
  {
    path: 'rollup',
    name: 'backoffice-rollup',
    component: () => import('../pages/backoffice/RollupPage.vue'),
    meta: { permission: { area: 'results', action: 'view' }, menu: { label: 'backoffice.nav.rollup', icon: 'leaderboard' } },
  },
  {
    path: 'plans',
    name: 'backoffice-plans',
    component: () => import('../pages/backoffice/InstitutionPlansPage.vue'),
    meta: { permission: { area: 'results', action: 'view' }, menu: { label: 'backoffice.nav.plans', icon: 'leaderboard' } },
  },
  {
    path: 'audit',
    name: 'backoffice-audit',
    component: () => import('../pages/backoffice/AuditPage.vue'),
    meta: { permission: { area: 'audit', action: 'view' }, menu: { label: 'backoffice.nav.audit', icon: 'history' } },
  },
  {
    // Administrators only (back-office has no `users` permission).
    path: 'users',
    name: 'backoffice-users',
    component: () => import('../pages/backoffice/UsersPage.vue'),
    meta: { permission: { area: 'users', action: 'view' }, menu: { label: 'backoffice.nav.users', icon: 'manage_accounts' } },
  },
];

/** The back-office pages as menu entries, in menu order. */
export const backofficePages = pages.map((r) => ({ name: String(r.name), path: `/backoffice/${r.path}`, permission: r.meta!.permission!, menu: r.meta!.menu! }));

export const backofficeRoute: RouteRecordRaw = {
  path: 'backoffice',
  meta: { backofficeMessages: true },
  component: () => import('../pages/backoffice/BackofficePage.vue'),
  children: [
    // Runs after the global guard has loaded the session.
    {
      path: '',
      component: () => import('../pages/ForbiddenPage.vue'),
      beforeEnter: async () => (await import('./routeAccess')).firstAllowedPage(useAuthStore().permissions) ?? '/forbidden',
    },
    ...pages,
  ],
};
