import { isSealedSecret, openSecret, sealSecret } from './secretBox';

describe('secretBox', () => {
  it('seals so that the stored form does not contain the secret, and opens again', () => {
    const sealed = sealSecret('smtp-geheim', 'master');
    expect(isSealedSecret(sealed)).toBe(true);
    expect(JSON.stringify(sealed)).not.toContain('smtp-geheim');
    expect(openSecret(sealed, 'master')).toBe('smtp-geheim');
  });

  it('cannot be opened with another installation’s secret or after tampering', () => {
    const sealed = sealSecret('smtp-geheim', 'master');
    expect(openSecret(sealed, 'other')).toBeNull();
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(openSecret({ ...sealed, data: data.toString('base64') }, 'master')).toBeNull();
  });
});
