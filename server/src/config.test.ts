import path from 'node:path';
import { ConfigError, configFromEnv } from './config';
import { BUILT_IN_LICENSE_PUBLIC_KEY } from './license/publicKey';
import { createTestLicenseKeys } from './test/licenseKeys';

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({}, '/srv/werkboard');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('/srv/werkboard/data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.adminUsername).toBe('admin');
    expect(config.adminPassword).toBeNull();
    expect(config.tokenTtlSeconds).toBe(43200);
  });

  it('reads every variable', () => {
    const config = configFromEnv(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/wb',
        DATABASE_URL: 'postgres://u:p@db/wb',
        ADMIN_USERNAME: ' chefin ',
        ADMIN_PASSWORD: 'geheim',
        TOKEN_TTL_SECONDS: '600',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/wb',
      databaseUrl: 'postgres://u:p@db/wb',
      adminUsername: 'chefin',
      adminPassword: 'geheim',
      tokenTtlSeconds: 600,
    });
  });

  it('refuses a port or lifetime that is not a number', () => {
    expect(() => configFromEnv({ PORT: 'achtzig' })).toThrow(ConfigError);
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => configFromEnv({ TOKEN_TTL_SECONDS: '-5' })).toThrow(ConfigError);
  });

  it('verifies license keys with the built-in key unless LICENSE_PUBLIC_KEY names another Ed25519 key', () => {
    expect(configFromEnv({}).licensePublicKey).toBe(BUILT_IN_LICENSE_PUBLIC_KEY);
    const { publicKeyPem } = createTestLicenseKeys();
    expect(configFromEnv({ LICENSE_PUBLIC_KEY: publicKeyPem }).licensePublicKey).toBe(publicKeyPem);
    expect(() => configFromEnv({ LICENSE_PUBLIC_KEY: 'kein Schlüssel' })).toThrow(ConfigError);
  });
});
