// Routes and the guard: unauthenticated users go to /login and come back where they were.
import { createRouter, createWebHistory, type RouteRecordRaw } from 'vue-router';
import { useAuthStore } from '../stores/auth';

declare module 'vue-router' {
  interface RouteMeta {
    public?: boolean;
  }
}

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/workspace' },
  { path: '/login', component: () => import('../pages/LoginPage.vue'), meta: { public: true } },
  { path: '/auth/complete', component: () => import('../pages/AuthCompletePage.vue'), meta: { public: true } },
  {
    path: '/',
    component: () => import('../layouts/MainLayout.vue'),
    children: [
      { path: 'workspace', component: () => import('../pages/WorkspacePage.vue') },
      { path: 'forbidden', component: () => import('../pages/ForbiddenPage.vue') },
    ],
  },
  { path: '/:pathMatch(.*)*', component: () => import('../pages/NotFoundPage.vue'), meta: { public: true } },
];

export const router = createRouter({ history: createWebHistory(), routes });

router.beforeEach(async (to) => {
  if (to.meta.public) return true;
  const auth = useAuthStore();
  await auth.load();
  if (!auth.isAuthenticated) return { path: '/login', query: { redirect: to.fullPath } };
  return true;
});
