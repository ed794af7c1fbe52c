// A memory snapshot of the browser edition's interpreter, made at build time by the very
// Pyodide the site ships (npm's core, under Node), for return visits (lite/web/site-packages.js):
//   node lite/snapshot.mjs SITE_PYODIDE_DIR
// It starts CPython with the site's packages archive written into site-packages (as the
// kernel's worker does), imports what the kernel's start imports (pyodide_kernel, which sets
// up IPython's shell, and ipywidgets), and writes the interpreter's memory, gzipped, as
// snapshot.bin.gz beside it; its SHA-256 goes to stdout. The app's own modules are not in it:
// they read the edition's environment (ORACLE_HOME...) as they are imported.
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
