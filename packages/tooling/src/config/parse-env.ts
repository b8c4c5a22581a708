import type { z } from 'zod';

/**
 * Parses an environment with a zod schema and fails loudly, naming every bad variable,
 * so a build or start with a wrong value stops instead of shipping a broken site.
 */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
): z.infer<Schema> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new Error(`Invalid environment variables:\n${problems.join('\n')}`);
}
