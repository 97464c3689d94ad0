/**
 * User names are ASCII letters, digits, dot, dash and underscore: no Unicode look-alikes
 * ("аdmin" with a Cyrillic а) can impersonate another account. Zod-free, so the web's sign-in
 * forms check it without loading the schemas.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
