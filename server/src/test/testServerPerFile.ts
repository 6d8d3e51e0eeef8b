import type { Config } from '../config';
import { deleteAllProjects } from './factories';
import { grantLifetimeLicense } from './licenseKeys';
import { TEST_ADMIN, testServer, type TestServer } from './testServer';

export interface TestServerPerFileOptions {
  /** Config overrides for the app. */
  config?: Partial<Config>;
  /** A lifetime license: the file makes more users or projects than Free allows (its caps have their own tests). */
  licensed?: boolean;
  /** The seeded Admin signed in: `adminToken`. */
  admin?: boolean;
  /** Every test starts without projects (templates kept), below the Free limit of active projects. */
  emptyProjects?: boolean;
}

export interface TestServerPerFile extends TestServer {
  /** The seeded Admin's token (with `admin: true`). */
  readonly adminToken: string;
}

/**
 * The prelude of an API test file: the real app booted once for the file in beforeAll and
 * closed in afterAll, with what the options ask for. The answer stands for the running server
 * from beforeAll on (the file's `t`), so tests call `t.request(...)`, `t.api(...)` as before.
 */
export function testServerPerFile(options: TestServerPerFileOptions = {}): TestServerPerFile {
  let running: TestServer | null = null;
  let adminToken: string | null = null;
  const booted = (): TestServer => {
    if (!running) throw new Error('the test server starts in beforeAll: use it inside a test or a hook');
    return running;
  };

  beforeAll(async () => {
    running = await testServer(options.config);
    if (options.licensed) await grantLifetimeLicense();
    if (options.admin) adminToken = (await running.login(TEST_ADMIN.username, TEST_ADMIN.password)).token;
    // Booting (migrations, seed) takes seconds on a loaded machine.
  }, 60_000);
  afterAll(() => running?.close());
  if (options.emptyProjects) beforeEach(() => deleteAllProjects());

  return {
    get server() {
      return booted().server;
    },
    get url() {
      return booted().url;
    },
    request: (method, urlPath, requestOptions) => booted().request(method, urlPath, requestOptions),
    login: (username, password) => booted().login(username, password),
    api: (...args) => booted().api(...args),
    close: () => booted().close(),
    get adminToken() {
      if (adminToken === null) throw new Error('testServerPerFile({ admin: true }) signs the Admin in');
      return adminToken;
    },
  };
}
