// Compile Python sources to bytecode with the very interpreter the browser edition runs
// (Pyodide's CPython 3.13, from npm's pyodide package), so the browser imports them without
// compiling each module on every visit. Called by lite/pyc.py:
//   node lite/pyc.mjs PYODIDE_DIR HOST_DIR
// HOST_DIR holds one folder per wheel (its unpacked files) and jobs.json: a list of
// [source path relative to HOST_DIR, bytecode path relative to HOST_DIR, the path the
// module will have in the browser (shown in tracebacks), and optionally the optimization level
// (2: without docstrings and asserts)]. Each bytecode file is written as an
// unchecked-hash .pyc (PEP 552): it never looks at the source's time, which a wheel's
// unpacking does not keep.
import { createRequire } from 'node:module';
import path from 'node:path';

const [pyodideDir, hostDir] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { loadPyodide } = require(path.resolve(pyodideDir, 'pyodide.js'));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + '/', stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.mountNodeFS('/work', path.resolve(hostDir));
const failed = pyodide.runPython(`
import json, os, py_compile
failed = []
for source, target, shown, *level in json.load(open("/work/jobs.json")):
    os.makedirs(os.path.dirname("/work/" + target), exist_ok=True)
    try:
        py_compile.compile("/work/" + source, "/work/" + target, dfile=shown, doraise=True,
                           optimize=level[0] if level else -1,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError as error:
        failed.append(f"{source}: {error.msg}")
"\\n".join(failed)
`);
if (failed) {
  console.error(`kept as source (did not compile):\n${failed}`);
}
