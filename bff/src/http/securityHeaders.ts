// Security headers, in two sets. Pages (the SPA's HTML, scripts, styles) get helmet's full set
// with a strict content security policy. API answers are JSON or an event stream, never rendered
// as a document, so most document headers mean nothing on them; they get the set OWASP's REST
// guidance names for APIs, worked out once. Each header costs a validated setHeader and bytes on
// every answer, and the API answers every Path 1 write (docs/decisions.md, "HTTP").
import type { RequestHandler } from 'express';
import helmet from 'helmet';

export function pageSecurityHeaders(cookieSecure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Quasar sets inline style attributes on its components.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: cookieSecure,
  });
}

export function apiSecurityHeaders(cookieSecure: boolean): RequestHandler {
  const headers: [string, string][] = [
    // Nothing may load, run or frame an API answer opened as a document.
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['X-Content-Type-Options', 'nosniff'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Referrer-Policy', 'no-referrer'],
    // Answers carry personal data: no browser or shared cache may keep them. A route that wants
    // revalidation instead (the member list, the event stream) sets its own.
    ['Cache-Control', 'no-store'],
  ];
  if (cookieSecure) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
