// A real vue-router on memory history for component tests: links render as the app renders them,
// and pages read their route's params, without the app's guards or pages.
import { h } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';

export async function memoryRouter(path: string, pattern = '/:rest(.*)*'): Promise<Router> {
  const blank = { render: () => h('div') };
  const router = createRouter({ history: createMemoryHistory(), routes: [{ path: pattern, component: blank }, { path: '/:other(.*)*', component: blank }] });
  await router.push(path);
  await router.isReady();
  return router;
}
