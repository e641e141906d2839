// The application's side of OpenID Connect (openid-client): discovery, authorization URL,
// code redemption and the end-session URL. Discovery is lazy and retried, so the BFF starts
// even while its identity provider is still coming up.
import * as client from 'openid-client';
import type { Config } from '../config';

export interface OidcUserClaims {
  sub: string;
  email: string | null;
  name: string | null;
  person_number: number | null;
}

export interface OidcClient {
  issuer: string;
  authorizationUrl(params: { state: string; nonce: string; codeChallenge: string }): Promise<string>;
  redeem(params: { code: string; state: string; iss: string | undefined; codeVerifier: string; nonce: string }): Promise<{ claims: OidcUserClaims; idToken: string | undefined }>;
  /** Whether the provider offers RP-initiated logout (an end_session_endpoint). */
  hasEndSession(): Promise<boolean>;
  /** The provider's end-session URL; with `idToken` as hint. Server side only: the hint is the ID
   * token itself (auth/logoutHandoff.ts). */
  endSessionUrl(idToken: string | undefined): Promise<string | null>;
}

function personNumber(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function createOidcClient(config: Config & { OAUTH_ISSUER_URL: string; OAUTH_CLIENT_SECRET: string }): OidcClient {
  const redirectUri = `${config.PUBLIC_ORIGIN}/auth/complete`;
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = () => {
    discovered ??= client
      .discovery(new URL(config.OAUTH_ISSUER_URL), config.OAUTH_CLIENT_ID, config.OAUTH_CLIENT_SECRET, undefined, {
        // http:// issuers are only acceptable for the development provider on this machine.
        execute: config.OAUTH_ISSUER_URL.startsWith('http://') ? [client.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    issuer: config.OAUTH_ISSUER_URL,
    async authorizationUrl({ state, nonce, codeChallenge }) {
      const url = client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: config.OAUTH_SCOPE,
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      return url.href;
    },
    async redeem({ code, state, iss, codeVerifier, nonce }) {
      const cfg = await configuration();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss !== undefined) callback.searchParams.set('iss', iss);
      const tokens = await client.authorizationCodeGrant(cfg, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // Profile claims may only be served by the userinfo endpoint (conforming providers).
      const info = await client.fetchUserInfo(cfg, tokens.access_token, idClaims.sub);
      const merged: Record<string, unknown> = { ...idClaims, ...info };
      return {
        claims: { sub: idClaims.sub, email: str(merged.email), name: str(merged.name), person_number: personNumber(merged.person_number) },
        idToken: tokens.id_token,
      };
    },
    async hasEndSession() {
      const cfg = await configuration().catch(() => undefined);
      return Boolean(cfg?.serverMetadata().end_session_endpoint);
    },
    async endSessionUrl(idToken) {
      const cfg = await configuration().catch(() => undefined);
      if (!cfg?.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = { post_logout_redirect_uri: `${config.PUBLIC_ORIGIN}/login`, client_id: config.OAUTH_CLIENT_ID };
      if (idToken) params.id_token_hint = idToken;
      return client.buildEndSessionUrl(cfg, params).href;
    },
  };
}

export const pkce = {
  verifier: client.randomPKCECodeVerifier,
  challenge: client.calculatePKCECodeChallenge,
  state: client.randomState,
  nonce: client.randomNonce,
};
