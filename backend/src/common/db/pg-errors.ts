/** The PostgreSQL error codes (SQLSTATE) the code reacts to by name. */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  invalidCatalogName: '3D000',
  duplicateDatabase: '42P04',
  lockNotAvailable: '55P03',
  /** A statement cancelled: at its statement_timeout, or by pg_cancel_backend. */
  queryCanceled: '57014',
} as const;

/** The SQLSTATE of an error thrown by pg (`code`) or wrapped by TypeORM (`driverError.code`). */
export const pgErrorCode = (error: unknown): string | undefined => {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
};
