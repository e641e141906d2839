// Routes and the guard: unauthenticated users go to /login and come back where they were.
// Every page is loaded on demand; the paths match shared/src/routes.ts (SPA_PATH_PATTERNS), which
// tells the BFF which paths serve the app.
import { createRouter, createWebHistory, type RouteLocationNormalized, type RouteRecordRaw } from 'vue-router';
import { useAuthStore } from '../stores/auth';
import { useWorkspaceStore } from '../stores/workspace';
import { loadBackofficeMessages } from '../i18n';
import { backofficeRoute } from './backoffice';
import { preloadApi } from '../api/client';

declare module 'vue-router' {
  interface RouteMeta {
    public?: boolean;
    /** The page shows back-office texts (src/i18n/backoffice.*.ts), loaded before it opens. */
    backofficeMessages?: boolean;
  }
}

const UNIT = 'u/:unitId(\\d+)/:year(\\d{4})';

/** `/` opens the remembered workspace when it is still one of the user's, else the picker. */
async function toRememberedWorkspace(): Promise<string> {
  const workspace = useWorkspaceStore();
  try {
    await workspace.loadUnits();
  } catch {
    return '/workspace';
  }
  const r = workspace.remembered;
  return r ? `/u/${r.unitId}/${r.year}` : '/workspace';
}

const routes: RouteRecordRaw[] = [
  { path: '/login', component: () => import('../pages/LoginPage.vue'), meta: { public: true } },
  { path: '/auth/complete', component: () => import('../pages/AuthCompletePage.vue'), meta: { public: true } },
  {
    path: '/',
    component: () => import('../layouts/MainLayout.vue'),
    children: [
      { path: '', component: () => import('../pages/WorkspacePage.vue'), beforeEnter: toRememberedWorkspace },
      { path: 'workspace', component: () => import('../pages/WorkspacePage.vue') },
      { path: UNIT, component: () => import('../pages/UnitHomePage.vue') },
      // The pages of a unit's year (UNIT_PAGES in shared/src/routes.ts), before its module pages.
      { path: `${UNIT}/results`, component: () => import('../pages/ResultsPage.vue'), meta: { unitTotals: true } },
      { path: `${UNIT}/years`, component: () => import('../pages/YearsPage.vue') },
      { path: `${UNIT}/method`, component: () => import('../pages/MethodPage.vue') },
      { path: `${UNIT}/me`, component: () => import('../pages/OwnFootprintPage.vue') },
      // Targets, scenarios and the plan sum every row of the unit: for those who see its totals.
      { path: `${UNIT}/plans`, component: () => import('../pages/PlansPage.vue'), meta: { unitTotals: true } },
      // A module page offers the CSV upload flow, in the back office's words.
      { path: `${UNIT}/:module([\\w-]+)`, component: () => import('../pages/ModulePage.vue'), meta: { backofficeMessages: true } },
      { path: 'forbidden', component: () => import('../pages/ForbiddenPage.vue') },
      backofficeRoute,
    ],
  },
  { path: '/:pathMatch(.*)*', component: () => import('../pages/NotFoundPage.vue'), meta: { public: true } },
];

export const router = createRouter({ history: createWebHistory(), routes });

/** The unit and year in the address are the current workspace (and are remembered). */
function followWorkspace(to: RouteLocationNormalized): void {
  const { unitId, year } = to.params;
  if (typeof unitId === 'string' && typeof year === 'string') useWorkspaceStore().select(Number(unitId), Number(year));
}

/** Starts fetching the page's code while the session is checked, instead of after. */
function preloadPage(to: RouteLocationNormalized): void {
  for (const record of to.matched) {
    const component = record.components?.default;
    if (typeof component === 'function') void Promise.resolve((component as () => unknown)()).catch(() => {});
  }
}

router.beforeEach(async (to) => {
  if (to.meta.public) return true;
  const auth = useAuthStore();
  if (!auth.loaded) preloadPage(to);
  // Fetched beside the session: the permission checks (with the module registry they read, which
  // the signed-out pages do not need) and the page's back-office messages.
  const access = import('./routeAccess');
  const messages = to.matched.some((r) => r.meta.backofficeMessages) ? loadBackofficeMessages() : Promise.resolve();
  access.catch(() => {});
  messages.catch(() => {});
  await auth.load();
  if (!auth.isAuthenticated) return { path: '/login', query: { redirect: to.fullPath } };
  // A signed-in page reads the API as soon as it is drawn: its HTTP client loads beside its code.
  preloadApi();
  // Pages that declare a permission (meta.permission, the back office) need it.
  const { routeAllowed, unitAddressAllowed } = await access;
  if (!routeAllowed(to, auth.permissions)) return { path: '/forbidden' };
  // So do a unit's pages: another unit's address is not authorised, not a half-drawn page.
  if (!unitAddressAllowed(to, auth.permissions)) return { path: '/forbidden' };
  followWorkspace(to);
  await messages;
  return true;
});
