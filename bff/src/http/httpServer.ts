// The Node HTTP server of an Express app, whose requests and responses are born with the app's
// prototypes. Express gives them those prototypes itself on every request (Object.setPrototypeOf
// in app.handle). Changing an object's prototype changes its hidden class in V8, which turns
// every later property access on it, in Node's HTTP code and in each middleware alike, into a
// slow lookup. Created with the right prototype, that call finds nothing to change. The app is
// the same; an API request costs about half the CPU (docs/decisions.md, "HTTP").
import http from 'node:http';
import type { Express } from 'express';

/** A constructor of `base`'s instances whose prototype is `proto` (which inherits from
 * `base.prototype`, as Express's request and response objects do). `base` runs as a plain
 * function on the new object: Reflect.construct with another new.target gave objects as slow as
 * re-prototyped ones. Node's IncomingMessage and ServerResponse are such functions. */
function bornWith<T extends new (...args: never[]) => object>(base: T, proto: object): T {
  const init = base as unknown as (this: object, ...args: unknown[]) => void;
  const Born = function (this: object, ...args: unknown[]) {
    init.apply(this, args);
  };
  Born.prototype = proto;
  return Born as unknown as T;
}

/** ES classes cannot be called as functions; should Node's ever become classes, the plain server. */
const callable = (f: unknown) => typeof f === 'function' && !/^class\b/.test(Function.prototype.toString.call(f));

export function createHttpServer(app: Express): http.Server {
  if (!callable(http.IncomingMessage) || !callable(http.ServerResponse)) return http.createServer(app);
  return http.createServer(
    {
      IncomingMessage: bornWith(http.IncomingMessage, app.request),
      ServerResponse: bornWith(http.ServerResponse, app.response) as typeof http.ServerResponse,
    },
    app,
  );
}
