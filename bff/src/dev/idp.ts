// Development identity provider: a real OpenID Connect provider (oidc-provider) with its own
// login page and the fixed accounts of accounts.ts. Used by `npm start` and the tests when
// OAUTH_ISSUER_URL is unset. It never runs in production.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import express from 'express';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEV_ACCOUNTS, type DevAccount } from './accounts';

export interface DevIdpOptions {
  port: number;
  /** Origin of the application (redirect and post-logout URIs are derived from it). */
  appOrigin: string;
  clientId: string;
  clientSecret: string;
}

export interface DevIdp {
  issuer: string;
  close: () => Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f4f6f8;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0003;width:320px}
label{display:block;margin-top:1rem}input{width:100%;box-sizing:border-box;padding:.5rem;margin-top:.25rem}
button{margin-top:1.5rem;width:100%;padding:.6rem;background:#1565c0;color:#fff;border:0;border-radius:4px;font-size:1rem}
.error{color:#b00020;margin-top:1rem}</style></head><body><main>${body}</main></body></html>`;
}

function loginForm(uid: string, error?: string, username = ''): string {
  return page('Sign in', `<h1>Development sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" value="${escapeHtml(username)}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Sign in</button></form>`);
}

function findDevAccount(username: string): DevAccount | undefined {
  return DEV_ACCOUNTS.find((a) => a.username === username);
}

function passwordMatches(account: DevAccount, password: string): boolean {
  const a = Buffer.from(account.password);
  const b = Buffer.from(password);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export async function startDevIdp(opts: DevIdpOptions): Promise<DevIdp> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The development identity provider refuses to run with NODE_ENV=production.');
  }
  // Listening first: with port 0 the system picks a free port, which the issuer then names (a
  // port picked earlier and bound later can be taken meanwhile by another process).
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // 127.0.0.1 rather than localhost: one address family, and no cookie overlap with the app.
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: crypto.randomUUID() };

  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [`${opts.appOrigin}/auth/complete`],
        post_logout_redirect_uris: [`${opts.appOrigin}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'person_number'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // The provider asks before ending its session; in development we confirm at once.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = page('Signing out', `${form}<p>Signing out…</p>
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script>`);
        },
      },
    },
    // Our own application is first-party: grant the requested scopes without a consent page.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = findDevAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, name: account.name, email: account.email, email_verified: true, person_number: account.personNumber }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { Session: 8 * 3600, Interaction: 600, Grant: 8 * 3600 },
  };

  const provider = new Provider(issuer, configuration);
  // Development runs on http://localhost; oidc-provider still wants to know it is not behind a proxy.
  provider.proxy = false;

  const app = express();
  app.disable('x-powered-by');
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  app.get('/interaction/:uid', async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      res.type('html').send(loginForm(details.uid));
    } catch (err) {
      next(err);
    }
  });

  app.post('/interaction/:uid/login', form, async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const username = String(req.body?.username ?? '');
      const account = findDevAccount(username);
      if (!account || !passwordMatches(account, String(req.body?.password ?? ''))) {
        res.status(401).type('html').send(loginForm(details.uid, 'Invalid username or password.', username));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account.username } }, { mergeWithLastSubmission: false });
    } catch (err) {
      next(err);
    }
  });

  app.use(provider.callback());

  server.on('request', app);
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
