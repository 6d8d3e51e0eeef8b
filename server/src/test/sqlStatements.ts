import { User } from '../models';

/** The SQL statements the server runs while `work` runs (tests that count what a route reads). */
export async function statementsWhile(work: () => Promise<void>): Promise<string[]> {
  const sequelize = User.sequelize!;
  const statements: string[] = [];
  const name = `statementsWhile${Math.random()}`;
  // Sequelize's query object keeps the statement it ran as `sql` (not in its types).
  sequelize.addHook('afterQuery', name, (_options, query) => {
    statements.push((query as unknown as { sql?: string }).sql ?? '');
  });
  try {
    await work();
  } finally {
    sequelize.removeHook('afterQuery', name);
  }
  return statements;
}
