import http from 'node:http';
import { type ApiErrorBody, de } from '@werkboard/common';
import type { TlsSetup } from './tlsSetup';

/** Where devices download the local authority before they trust the server (TLS=self-signed). */
export const AUTHORITY_DOWNLOAD_PATH = '/werkboard-ca.crt';

/** `/api` and below, with or without a query. */
const API_PATH = /^\/api(?:[/?#]|$)/;

/** A Host header's name without its port: a host name, an IPv4 address or a bracketed IPv6 one. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d+)?$/i;

/**
 * The plain-HTTP port next to HTTPS (HTTP_REDIRECT_PORT): every page request is sent on to the
 * same host and path over HTTPS; `/api` is refused with 403 `https_required`. With a generated certificate it also hands out the local
 * authority, since a device can install it only before it trusts the server.
 */
export function createRedirectServer(httpsPort: number, authority: TlsSetup['authority']): http.Server {
  return http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (authority && request.method === 'GET' && url === AUTHORITY_DOWNLOAD_PATH) {
      response.writeHead(200, {
        // The type that makes iOS offer the profile and Android the certificate installer.
        'Content-Type': 'application/x-x509-ca-cert',
        'Content-Disposition': 'attachment; filename="werkboard-ca.crt"',
        'Cache-Control': 'no-store',
      });
      response.end(authority.der);
      return;
    }
    // An API client set to plain http would send its token in clear text and, redirected, work on
    // unnoticed; refused, it fails at once with the reason (ASVS 4.1.2). Only pages are redirected.
    if (API_PATH.test(url)) {
      const body: ApiErrorBody = { message: de.server.tls.apiNeedsHttps, code: 'https_required' };
      response.writeHead(403, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
      return;
    }
    const host = HOST.exec(request.headers.host ?? '')?.[1];
    if (!host || !url.startsWith('/')) {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(de.server.tls.badRedirectRequest);
      return;
    }
    response.writeHead(308, { Location: `https://${host}:${httpsPort}${url}` });
    response.end();
  });
}
