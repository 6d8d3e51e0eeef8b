import type { z } from 'zod';

export type Validation<T> = { ok: true; value: T } | { ok: false; message: string; fields: Record<string, string> };

/** Runs a schema and returns the first German message plus one message per field. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validation<z.infer<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Ungültige Eingabe.', fields };
}
