// SQLite for the browser edition: sqlite.org's own WebAssembly build (npm @sqlite.org/sqlite-wasm),
// wrapped in the few synchronous calls that lite/py/sqlite3 (Python's sqlite3 stand-in) needs.
// Each database lives in memory; Python loads it from a file's bytes and writes it back after
// every commit, so the campaign file in the (IndexedDB-backed) file system is a real SQLite file.
import init from './sqlite3.mjs';

export async function load() {
  const sqlite3 = await init({ print: () => {}, printErr: () => {} });
  const { capi, wasm } = sqlite3;

  function open(bytes) {
    const db = new sqlite3.oo1.DB(':memory:', 'c');
    if (bytes && bytes.length) {
      const pointer = wasm.allocFromTypedArray(bytes);
      const flags = capi.SQLITE_DESERIALIZE_FREEONCLOSE | capi.SQLITE_DESERIALIZE_RESIZEABLE;
      const rc = capi.sqlite3_deserialize(
        db.pointer, 'main', pointer, bytes.length, bytes.length, flags);
      if (rc) {
        db.close();
        throw new sqlite3.SQLite3Error(rc, 'file is not a database');
      }
    }
    return db;
  }

  function run(db, sql, params) {
    const rows = [];
    const bind = params && params.length ? params.map((v) => (v === undefined ? null : v)) : undefined;
    db.exec({ sql, bind, rowMode: 'array', resultRows: rows });
    return rows;
  }

  return {
    open,
    run,
    exportBytes: (db) => capi.sqlite3_js_db_export(db.pointer),
    autocommit: (db) => capi.sqlite3_get_autocommit(db.pointer) !== 0,
    changes: (db) => capi.sqlite3_changes(db.pointer),
    lastRowid: (db) => Number(capi.sqlite3_last_insert_rowid(db.pointer)),
    close: (db) => db.close(),
    version: capi.sqlite3_libversion(),
  };
}
