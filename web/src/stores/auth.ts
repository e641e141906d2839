// Session state, permissions and the login / exchange / logout calls.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { PermissionMap, SessionState } from '@carbon/shared';
import { statusOf } from '../utils/apiErrors';
import { api } from '../api/client';
import { takeBootSession } from '../api/bootSession';

export const useAuthStore = defineStore('auth', () => {
  const session = ref<SessionState | null>(null);
  const loaded = ref(false);

  const user = computed(() => session.value?.user ?? null);
  const permissions = computed<PermissionMap>(() => session.value?.permissions ?? {});
  const isAuthenticated = computed(() => session.value !== null);

  /** Reads the session once (or again with force); a 401 simply means "signed out". The first
   * read takes the state the page was served with, when it carries one. */
  async function load(force = false): Promise<void> {
    if (loaded.value && !force) return;
    const boot = takeBootSession();
    if (boot && !force) {
      session.value = boot.session;
      loaded.value = true;
      return;
    }
    try {
      const { data } = await api.get<SessionState>('/v1/session');
      session.value = data;
    } catch (err) {
      if (statusOf(err) !== 401) throw err;
      session.value = null;
    } finally {
      loaded.value = true;
    }
  }

  /** Starts the OAuth redirect: the BFF keeps PKCE and state, we only navigate. */
  async function login(returnTo: string): Promise<void> {
    const { data } = await api.post<{ authorization_url: string }>('/v1/session/login', { return_to: returnTo });
    window.location.assign(data.authorization_url);
  }

  /** Redeems the code at the BFF, which sets the auth_token cookie. Returns where to go. */
  async function exchange(params: { code: string; state: string; iss?: string }): Promise<string> {
    const { data } = await api.post<SessionState & { return_to: string }>('/v1/session/exchange', params);
    const { return_to, ...state } = data;
    session.value = state;
    loaded.value = true;
    return return_to;
  }

  /** Ends the session; returns where to go next: a BFF route that sends the browser on to the
   * identity provider's logout (the ID token it needs never reaches this app), or null. */
  async function logout(): Promise<string | null> {
    const { data } = await api.delete<{ logout_url: string | null }>('/v1/session');
    session.value = null;
    return data.logout_url;
  }

  function forget(): void {
    session.value = null;
  }

  return { session, loaded, user, permissions, isAuthenticated, load, login, exchange, logout, forget };
});
