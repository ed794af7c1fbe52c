// A memory snapshot of the browser edition's interpreter, made at build time by the very
// Pyodide the site ships (npm's core, under Node), for return visits (lite/web/site-packages.js):
//   node lite/snapshot.mjs SITE_PYODIDE_DIR lite/startup-modules.txt
// It starts CPython with the site's packages archive written into site-packages (as the
// kernel's worker does), imports what the kernel's start imports (pyodide_kernel, which sets
// up IPython's shell, and ipywidgets) and then the modules the app's start imports, and writes
// the interpreter's memory, gzipped, as snapshot.bin.gz beside it; its SHA-256 goes to stdout.
import { createRequire } from 'node:module';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2]) + '/';
const require = createRequire(import.meta.url);
const { loadPyodide } = require(dir + 'pyodide.js');
const tar = zlib.gunzipSync(fs.readFileSync(dir + 'site-packages.tar.gz'));

function fsInit(FS, info) {  // the ustar reader of lite/web/site-packages.js
  const text = new TextDecoder();
  const field = (at, length) => {
    let end = at;
    while (end < at + length && tar[end]) { end += 1; }
    return text.decode(tar.subarray(at, end));
  };
  for (let at = 0; at + 512 <= tar.length;) {
    const name = field(at, 100);
    if (!name) { break; }
    const size = parseInt(field(at + 124, 12).trim() || '0', 8);
    const prefix = field(at + 345, 155);
    const type = tar[at + 156];
    const file = `${info.sitePackages}/${prefix ? `${prefix}/` : ''}${name}`;
    at += 512;
    if (type === 48 || type === 0) {
      FS.mkdirTree(file.slice(0, file.lastIndexOf('/')));
      FS.writeFile(file, tar.subarray(at, at + size));
    }
    at += Math.ceil(size / 512) * 512;
  }
}

const pyodide = await loadPyodide({
  indexURL: dir, _makeSnapshot: true, fsInit: async (FS, info) => fsInit(FS, info),
  stdout: () => {}, stderr: (text) => console.error(text),
});
pyodide.runPython('import pyodide_kernel\nimport ipywidgets');
// Then every module the start imports (lite/startup-modules.txt), the app's too: their imports
// read nothing of the edition's environment (boot() sets it), and sqlite3 may be imported now
// (it looks SQLite up when first used); IPython, imported above, found no sqlite3, as in the page.
globalThis.oracleSqliteLater = true;
pyodide.FS.writeFile('/tmp/startup-modules.txt', fs.readFileSync(process.argv[3]));
const failed = pyodide.runPython(`
import importlib, sys
failed = []
for line in open("/tmp/startup-modules.txt").read().splitlines():
    if not line.strip() or line.startswith("#"):
        continue
    name = line.strip().removeprefix("python313.zip/").removesuffix(".py")
    name = name.removesuffix("/__init__").replace("/", ".")
    if name not in sys.modules:
        try:
            importlib.import_module(name)
        except Exception as error:
            failed.append(f"{name}: {error!r}")
"\\n".join(failed)
`);
if (failed) { console.error(`not in the snapshot (they failed to import under Node):\n${failed}`); }
delete globalThis.oracleSqliteLater;
// Pyodide lists the packages it found installed; a snapshot must hold an empty list (the
// worker marks the archive's packages as loaded again once restored).
for (const name of Object.keys(pyodide.loadedPackages)) { delete pyodide.loadedPackages[name]; }
const loadPackagesFromImports = pyodide.loadPackagesFromImports;
const memory = pyodide.makeMemorySnapshot({
  serializer: (value) => {
    if (value === loadPackagesFromImports) { return 'loadPackagesFromImports'; }
    if (value && value.loadPackagesFromImports === loadPackagesFromImports) { return 'pyodide_js'; }
    throw new Error(`lite/snapshot.mjs: the interpreter holds a JavaScript object it cannot name: ${value}`);
  },
});
const packed = zlib.gzipSync(memory, { level: 9 });
packed[4] = packed[5] = packed[6] = packed[7] = 0;  // no time in the gzip header
fs.writeFileSync(dir + 'snapshot.bin.gz', packed);
console.log(crypto.createHash('sha256').update(packed).digest('hex'));
