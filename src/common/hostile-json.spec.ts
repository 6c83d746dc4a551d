import { findHostileJson, hostileJsonError, MAX_JSON_DEPTH } from './hostile-json';

/** `depth` levels of nesting: an object holding an array holding an object … */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('findHostileJson', () => {
  it('accepts ordinary request bodies', () => {
    expect(findHostileJson({ birthdate: '1990-01-01', person1: { location: 'Paris, France' }, list: [1, [2]] })).toBeUndefined();
    expect(findHostileJson('text')).toBeUndefined();
    expect(findHostileJson(null)).toBeUndefined();
  });

  it(`accepts exactly ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(findHostileJson(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(findHostileJson(nested(MAX_JSON_DEPTH + 1))).toEqual({ kind: 'depth' });
  });

  it('checks a million levels without recursion', () => {
    const n = 1_000_000;
    const deep = JSON.parse('['.repeat(n) + ']'.repeat(n));
    expect(findHostileJson(deep)).toEqual({ kind: 'depth' });
  });

  it('finds prototype keys as JSON.parse makes them (own properties), with their path', () => {
    expect(findHostileJson(JSON.parse('{"__proto__":{"isAdmin":true}}'))).toEqual({ kind: 'prototype-key', path: '__proto__' });
    expect(findHostileJson(JSON.parse('{"person1":{"constructor":{"prototype":{}}}}'))).toEqual({ kind: 'prototype-key', path: 'person1.constructor' });
    expect(findHostileJson(JSON.parse('{"a":[{"prototype":1}]}'))).toEqual({ kind: 'prototype-key', path: 'a[0].prototype' });
  });

  it('maps depth to 400 INVALID_JSON and a prototype key to 400 VALIDATION_FAILED naming the field', () => {
    expect(hostileJsonError({ kind: 'depth' })).toMatchObject({ status: 400, code: 'INVALID_JSON' });
    const err = hostileJsonError({ kind: 'prototype-key', path: '__proto__' });
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(err.details).toEqual([{ field: '__proto__', problems: [expect.stringContaining('not allowed')] }]);
  });
});
