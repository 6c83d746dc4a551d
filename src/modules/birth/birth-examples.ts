/**
 * The births the request examples use (each family's registry entries, for the OpenAPI document's "Try it out" and
 * test/openapi.e2e-spec.ts, which sends every example): Ra Uru Hu's, another by place, and one by coordinates.
 */
export const RA = { birthdate: '1948-04-09', birthtime: '00:14', location: 'Montreal, Quebec, Canada' };
export const BEN = { birthdate: '1992-10-03', birthtime: '00:03', location: 'Attleboro, Massachusetts, USA' };
export const BY_COORDINATES = { birthdate: '1992-09-06', birthtime: '00:04', latitude: 44.15, longitude: -122.57, timezone: 'America/Los_Angeles' };
