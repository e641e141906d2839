// The session state the BFF writes into index.html when it serves it (bff/src/http/spa.ts): the
// SPA knows at start whether the user is signed in without asking the API, so the signed-out
// login page sends no request (and loads no HTTP client) before the user signs in.
import { SESSION_STATE_ELEMENT_ID, type SessionState } from '@carbon/shared';

export interface BootSession {
  session: SessionState | null;
}

/** The state written into the page, once: it describes the session when the page was served, so
 * it is removed as it is read and later reads ask the API. Undefined when the page carries none
 * (the Vite dev server) or it cannot be read. */
export function takeBootSession(doc: Document = document): BootSession | undefined {
  const block = doc.getElementById(SESSION_STATE_ELEMENT_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const state = JSON.parse(block.textContent ?? '') as unknown;
    if (typeof state !== 'object' || state === null || !('session' in state)) return undefined;
    const { session } = state as { session: unknown };
    return session === null || (typeof session === 'object' && 'user' in session) ? { session: session as SessionState | null } : undefined;
  } catch {
    return undefined;
  }
}
