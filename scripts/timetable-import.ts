/**
 * npm run timetable:import -- FILE.json: writes an operator's timetable (format and example:
 * docs/timetable-example.json, rules: server/db/timetable-import.ts). A file with any bad row
 * writes nothing and lists every problem.
 */
import { readFile } from 'node:fs/promises';
import { TimetableImportError, importTimetable, parseTimetable } from '../server/db/timetable-import';
import { openCommandDatabase } from './open-database';

const path = process.argv[2];
if (!path) {
  console.error('Pemakaian: npm run timetable:import -- jadwal-operator.json');
  process.exit(1);
}

let raw: unknown;
try {
  raw = JSON.parse(await readFile(path, 'utf8'));
} catch (error) {
  console.error(
    `Berkas ${path} tidak dapat dibaca sebagai JSON: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
const parsed = parseTimetable(raw);
if (!parsed.ok) {
  console.error(`Berkas ${path} tidak diimpor, ${parsed.errors.length} masalah:`);
  for (const line of parsed.errors) console.error(`  - ${line}`);
  process.exit(1);
}

const handle = await openCommandDatabase();
try {
  const summary = await importTimetable(handle.db, parsed.file);
  console.log(
    `Jadwal ${summary.operator} diimpor: ${summary.schedulesNew} keberangkatan baru, ${summary.schedulesUpdated} diperbarui, ${summary.routes} jurusan, ${summary.pools} pool.`,
  );
} catch (error) {
  if (error instanceof TimetableImportError) {
    console.error(`Berkas ${path} tidak diimpor, ${error.problems.length} masalah:`);
    for (const line of error.problems) console.error(`  - ${line}`);
  } else {
    console.error(error instanceof Error ? error.message : String(error));
  }
  process.exitCode = 1;
} finally {
  await handle.close();
}
