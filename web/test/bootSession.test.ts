// The session state the BFF writes into index.html (bff/src/http/spa.ts), as the SPA reads it at
// start (src/api/bootSession.ts) and as the auth store uses it.
import { afterEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { SESSION_STATE_ELEMENT_ID, type SessionState } from '@carbon/shared';
import { takeBootSession } from '../src/api/bootSession';
import { useAuthStore } from '../src/stores/auth';

const alice: SessionState = {
  user: { id: 1, sub: 'alice', email: 'alice@example.org', name: '</script><!-- Alice & Co', person_number: 100001 },
  roles: [{ role: 'standard', unit_id: 1 }],
  permissions: {},
  idle_expires_at: '2026-01-01T10:00:00.000Z',
  absolute_expires_at: '2026-01-01T18:00:00.000Z',
};

/** The block as the BFF writes it: JSON with every `<` escaped. */
function servePage(text: string): void {
  document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="${SESSION_STATE_ELEMENT_ID}">${text}</script>`);
}
const served = (state: unknown) => JSON.stringify(state).replace(/</g, '\\u003c');

afterEach(() => document.getElementById(SESSION_STATE_ELEMENT_ID)?.remove());

describe('the session state of the page', () => {
  it('reads a signed-in state, escaped characters and all, once', () => {
    servePage(served({ session: alice }));
    expect(takeBootSession()).toEqual({ session: alice });
    // It describes the session when the page was served: a later read asks the API.
    expect(document.getElementById(SESSION_STATE_ELEMENT_ID)).toBeNull();
    expect(takeBootSession()).toBeUndefined();
  });

  it('reads a signed-out state', () => {
    servePage(served({ session: null }));
    expect(takeBootSession()).toEqual({ session: null });
  });

  it('has none without the block (the dev server) or with one it cannot read', () => {
    expect(takeBootSession()).toBeUndefined();
    for (const text of ['{"session":', '[]', '{"user":1}', '{"session":"alice"}']) {
      servePage(text);
      expect(takeBootSession()).toBeUndefined();
    }
  });

  it('is what the auth store starts from, without an API request', async () => {
    setActivePinia(createPinia());
    servePage(served({ session: alice }));
    const auth = useAuthStore();
    // No server answers in this test: an API request would fail the load.
    await auth.load();
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.user?.sub).toBe('alice');

    setActivePinia(createPinia());
    servePage(served({ session: null }));
    const visitor = useAuthStore();
    await visitor.load();
    expect(visitor.loaded).toBe(true);
    expect(visitor.isAuthenticated).toBe(false);
  });
});
