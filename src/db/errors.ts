/** A uniqueness, primary-key or check violation: how racing writers find out they lost. */
export function isConstraintError(error: unknown): boolean {
  const parts: string[] = [];
  for (let e: unknown = error; e && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    parts.push(String((e as { code?: string }).code ?? ""), String((e as Error).message ?? ""));
  }
  return /SQLITE_CONSTRAINT|UNIQUE constraint|PRIMARY KEY|constraint failed/i.test(parts.join(" "));
}
