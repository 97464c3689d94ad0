import { loadConfig } from '../config.js';
import { createAppDatabase as createDatabase } from '../database.js';
import { auditLedger } from '../modules/ledger/index.js';
import { migrate } from '../platform/db/migrate.js';
import { provisionDatabase } from '../platform/db/provision.js';

/** `npm run ledger:audit`: checks every ledger invariant; exits 1 with a report when one breaks. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await provisionDatabase(config, (line) => process.stderr.write(`${line}\n`));
  await migrate(database.connectionString);
  const db = createDatabase(database.connectionString, { max: 2 });
  try {
    const findings = await auditLedger(db);
    if (findings.length === 0) {
      process.stdout.write('ledger audit: every invariant holds\n');
      return;
    }
    process.stdout.write(`ledger audit: ${findings.length} finding(s)\n`);
    for (const finding of findings) process.stdout.write(`- ${finding.invariant}: ${finding.detail}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
    await database.embedded?.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`ledger:audit failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
