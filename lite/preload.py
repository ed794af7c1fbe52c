"""The kernel's files fetched and compiled while the app's page loads, handed to its worker.

Without this, the page ran its scripts (several seconds), then created the kernel's worker, which
only then fetched Pyodide's WebAssembly and compiled it, then fetched the standard library and
the packages' archive (and read the snapshot back on a return visit): one after another. Now:

- ``lite/web/preload.js`` runs first in the app page's ``<head>`` and starts all of that at once
  (the WebAssembly compiled off the page's main thread), beside the page's own scripts;
- the page's kernel code posts the result to the worker right after creating it (buffers
  transferred, not copied), and the worker's first script line keeps that message from the
  kernel's own message handling (``self.oracleLitePreload`` in the worker);
- ``pyodide.js`` instantiates the page's compiled module when there is one
  (``self.oracleLiteWasm``, set by ``lite/web/site-packages.js``) instead of fetching it.

Each part that failed in the page is null and fetched by the worker as before.
"""

from __future__ import annotations

import re
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "web" / "preload.js"
# The kernel's page code creates its worker here (the worker's chunk id in group 2).
CREATE = re.compile(r"initWorker\((\w)\)\{return (crossOriginIsolated\?new Worker\([^{}]*\{type:"
                    r"void 0\}\):new Worker\(new URL\(\w\.p\+\w\.u\((\d+)\),\w\.b\),\{type:void 0\}\))\}")
POST = ("(o=>{if(!crossOriginIsolated){(self.oracleLitePreload||Promise.resolve(null))"
        ".catch(()=>null).then(p=>{const t=p?[p.stdlib,p.packages,p.snapshot].filter(Boolean):[];"
        "try{o.postMessage({oracleLitePreload:p},t)}catch(e){o.postMessage({oracleLitePreload:null})}"
        "})}return o})")
# The first line of the worker's script: the page's message, kept from the kernel's handlers.
LISTEN = ("self.oracleLitePreload=new Promise((resolve)=>{const listen=(event)=>{"
          "if(!event.data||!('oracleLitePreload' in event.data)){return;}"
          "event.stopImmediatePropagation();self.removeEventListener('message',listen);"
          "resolve(event.data.oracleLitePreload);};self.addEventListener('message',listen);});\n")
# pyodide.js: fetch the WebAssembly only without a compiled module, and instantiate that module.
WASM_FETCH = ('let{binary:t,response:r}=_(e+"pyodide.asm.wasm"),s=oe();',
              ('let m=globalThis.oracleLiteWasm,{binary:t,response:r}=m?{}:'
               '_(e+"pyodide.asm.wasm"),s=oe();'))
WASM_USE = (("r?i=await WebAssembly.instantiateStreaming(r,a):"
             "i=await WebAssembly.instantiate(await t,a)"),
            ("m?i={module:m,instance:await WebAssembly.instantiate(m,a)}:"
             "r?i=await WebAssembly.instantiateStreaming(r,a):"
             "i=await WebAssembly.instantiate(await t,a)"))


def head_script(pyodide: str, packages: str, snapshot: str) -> str:
    """``lite/web/preload.js`` as a ``<script>`` for the app page, its addresses filled in
    (``pyodide``: the folder, relative to the page)."""
    lines = SCRIPT.read_text().splitlines()
    code = "\n".join(line for line in lines if not line.startswith("//"))
    for key, value in (("__PYODIDE__", pyodide), ("__PACKAGES__", packages),
                       ("__SNAPSHOT__", snapshot)):
        if key not in code:
            raise SystemExit(f"lite: {SCRIPT.name} has no {key}.")
        code = code.replace(key, value)
    return f"<script>{code}</script>"


def patch_page(page: Path, pyodide: str, packages: str, snapshot: str) -> None:
    """Start the preload first thing in ``page``'s ``<head>``."""
    text = page.read_text()
    if "<head>" not in text:
        raise SystemExit(f"lite: {page.name} has no <head>.")
    page.write_text(text.replace("<head>", "<head>" + head_script(pyodide, packages, snapshot), 1))


def patch_kernel(static: Path) -> None:
    """Hand the preload to the kernel's worker: the page side, the worker side."""
    workers = set()
    for path in sorted(static.glob("*.js")):
        text = path.read_text()
        found = CREATE.search(text)
        if found:
            workers.add(found.group(3))
            path.write_text(CREATE.sub(lambda m: f"initWorker({m.group(1)}){{return {POST}"
                                                 f"({m.group(2)})}}", text))
    if not workers:
        raise SystemExit("lite: the Pyodide kernel no longer creates its worker as "
                         "lite/preload.py expects.")
    for chunk in workers:
        for path in static.glob(f"{chunk}.*.js"):
            text = path.read_text()
            if not text.startswith(LISTEN):
                path.write_text(LISTEN + text)


def patch_pyodide(loader: str) -> str:
    """``pyodide.js`` instantiating a module compiled beforehand (``globalThis.oracleLiteWasm``)."""
    for old, new in (WASM_FETCH, WASM_USE):
        if old not in loader:
            raise SystemExit("lite: pyodide.js no longer fetches its WebAssembly as "
                             "lite/preload.py expects.")
        loader = loader.replace(old, new)
    return loader
