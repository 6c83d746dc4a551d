/** How every operation that takes a birth describes its birth fields (the registry's descriptions). */
export const BIRTH =
  'Birth data: birthdate YYYY-MM-DD, birthtime HH:MM (local, 24-hour), and location "City, Country" (or placeId, the GeoNames id a place search gives; or latitude + longitude, optionally timezone).';
