import { isUuid, newId } from './uuid';

describe('newId', () => {
  it('makes distinct version-4 UUIDs', () => {
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});

describe('isUuid', () => {
  it('accepts UUIDs in either case and refuses anything else', () => {
    expect(isUuid(newId())).toBe(true);
    expect(isUuid('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe(true);
    expect(isUuid('ext-0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(false);
    expect(isUuid('0f8fad5b-d9cb-469f-a165-70867728950')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
