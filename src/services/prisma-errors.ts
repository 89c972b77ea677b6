import { isRecord } from '../engine/json';

/** True when `error` is Prisma's unique-constraint violation (P2002) on `field`. */
export function isUniqueViolation(error: unknown, field: string): boolean {
  if (!isRecord(error) || error.code !== 'P2002') return false;
  const meta = isRecord(error.meta) ? error.meta : {};
  const target = meta.target ?? (isRecord(meta.driverAdapterError) ? meta.driverAdapterError : undefined);
  // Driver adapters describe the constraint differently per provider; look for the field name anywhere in it.
  return JSON.stringify(target ?? meta).includes(field) || String(error.message).includes(field);
}
