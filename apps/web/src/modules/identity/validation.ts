import { USER_NAME_PATTERN } from '@openbourse/contracts/constants';

/** Client-side checks mirroring the server's schemas, so mistakes show before a round trip. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const checks = {
  required: (value: string) => value.trim().length > 0,
  email: (value: string) => EMAIL_PATTERN.test(value.trim()) && value.trim().length <= 254,
  userName: (value: string) => USER_NAME_PATTERN.test(value.trim()),
  password: (value: string) => [...value].length >= 8,
  code: (value: string) => /^\d{6}$/.test(value.trim()),
};
