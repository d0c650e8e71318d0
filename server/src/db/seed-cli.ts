import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { isEmpty, resetData, seedDemo } from './seed.ts';

// `npm run seed` seeds an empty database; `npm run seed -- --reset` rebuilds the demo data.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const reset = process.argv.includes('--reset');
  if (reset) await resetData(database.db);
  if (reset || (await isEmpty(database.db))) {
    const result = await seedDemo(database.db);
    console.log(`Datos de demostración creados (empresa ${result.companyId}, ${result.projectIds.length} proyectos).`);
  } else {
    console.log('La base de datos ya tiene datos; use --reset para reconstruir la demostración.');
  }
} finally {
  await database.close();
}
