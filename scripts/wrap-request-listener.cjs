// Wraps every HTTP(S) server's request listener, the one passed to createServer and any
// added later with server.on('request', …). Shared by the hooks `npm start` loads into
// the server process before Next.js (client-address.cjs, content-length.cjs).
'use strict';

const http = require('node:http');
const https = require('node:https');

/** From now on, each server created calls wrap(listener) in place of its listener. */
function wrapRequestListeners(wrap) {
  for (const mod of [http, https]) {
    const createServer = mod.createServer;
    mod.createServer = function createWrappedServer(...args) {
      const index = args.findIndex((arg) => typeof arg === 'function');
      if (index !== -1) args[index] = wrap(args[index]);
      const server = createServer.apply(this, args);
      if (index === -1) {
        const on = server.on;
        server.on = function (event, listener) {
          return on.call(this, event, event === 'request' ? wrap(listener) : listener);
        };
      }
      return server;
    };
  }
}

module.exports = { wrapRequestListeners };
