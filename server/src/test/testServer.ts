import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { ApiErrorBody, LoginResponse, ServerStatus } from '@werkboard/common';
import type { Config } from '../config';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from '../license/publicKey';
import { type RunningServer, startServer } from '../server';

export const TEST_ADMIN = { username: 'admin', password: 'admin-test-passwort' } as const;

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  request<T = unknown>(
    method: string,
    urlPath: string,
    options?: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  login(username: string, password: string): Promise<LoginResponse>;
  /** A JSON call with an optional token and body, the short form the route tests use. */
  api<T = ErrorBody>(...args: ApiArgs): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** What the routes answer on an error; the route tests' default body type. */
export type ErrorBody = ApiErrorBody;
export type ApiArgs = [method: string, urlPath: string, token?: string, body?: unknown];

function adminUrl(): string {
  const url = process.env.WERKBOARD_TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'WERKBOARD_TEST_DATABASE_URL is not set: run API tests through jest (test/support/globalSetup.mjs)',
    );
  return url;
}

/**
 * A fresh database in the test PostgreSQL, for one test file; with `owner`, it belongs to a
 * new login role of that name without superuser rights, and the URL connects as that role.
 */
export async function createTestDatabase(owner?: { role: string; password: string }): Promise<string> {
  const name = `wb_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    if (owner) {
      await client.query(
        `CREATE ROLE ${owner.role} LOGIN NOSUPERUSER PASSWORD ${client.escapeLiteral(owner.password)}`,
      );
    }
    await client.query(`CREATE DATABASE ${name}${owner ? ` OWNER ${owner.role}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (owner) {
    url.username = owner.role;
    url.password = owner.password;
  }
  return url.toString();
}

/** Boots the real app (migrations, seed, routes) on a free port against real PostgreSQL. */
export async function testServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-api-'));
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: await createTestDatabase(),
    adminUsername: TEST_ADMIN.username,
    adminPassword: TEST_ADMIN.password,
    rendererDir: path.join(dataDir, 'no-renderer'),
    logLevel: 'info',
    tokenTtlSeconds: 3600,
    logToConsole: false,
    licensePublicKey: BUILT_IN_LICENSE_PUBLIC_KEY,
    tls: null,
    httpRedirectPort: null,
    trustedProxies: null,
    ...overrides,
  };
  const server = await startServer(config);
  await server.ready;

  const request: TestServer['request'] = async (method, urlPath, options = {}) => {
    const headers: Record<string, string> = { 'X-Device-Id': 'test-device', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = options.rawBody;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${server.url}${urlPath}`, { method, headers, body });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : text) as never,
    };
  };

  const login = async (username: string, password: string): Promise<LoginResponse> => {
    const response = await request<LoginResponse>('POST', '/api/auth/login', { body: { username, password } });
    if (response.status !== 200) throw new Error(`login of ${username} failed with ${response.status}`);
    return response.body;
  };

  const api: TestServer['api'] = (method, urlPath, token, body) =>
    request(method, urlPath, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });

  return {
    server,
    url: server.url,
    request,
    login,
    api,
    close: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls /api/status of a server whose database start fails until it says why (the start is retried meanwhile). */
export async function statusWithMessage(url: string): Promise<ServerStatus> {
  for (;;) {
    const status = (await (await fetch(`${url}/api/status`)).json()) as ServerStatus;
    if (status.message) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
