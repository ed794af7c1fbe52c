// The first thing the app's page runs (lite/preload.py inlines it at the top of its <head>):
// what the kernel's worker needs is fetched and compiled while the page's own scripts load,
// instead of one after another once they have run and created that worker.
// - Pyodide's WebAssembly is compiled here (WebAssembly.compileStreaming, off the page's main
//   thread), the standard library and the packages' archive fetched, and on a return visit
//   the memory snapshot read from the service worker's cache;
// - self.oracleLitePreload is their promise ({wasm, stdlib, packages, snapshot}, each null
//   if it failed); the page's kernel code (patched by lite/preload.py) posts it to the
//   kernel's worker as soon as it creates it, the buffers transferred, and the worker
//   (lite/web/site-packages.js) uses them instead of fetching, checking each as before. A
//   part missing is fetched by the worker as it always was.
(() => {
  'use strict';
  const base = new URL('__PYODIDE__', location.href);
  const at = (name) => new URL(name, base).href;
  const bytes = (name) => fetch(at(name), { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.arrayBuffer() : null)).catch(() => null);
  const wasm = typeof WebAssembly.compileStreaming === 'function'
    ? WebAssembly.compileStreaming(fetch(at('pyodide.asm.wasm'), { credentials: 'same-origin' }))
      .catch(() => null)
    : Promise.resolve(null);
  const snapshot = self.caches
    ? caches.match(at('__SNAPSHOT__')).then((hit) => (hit ? hit.arrayBuffer() : null))
      .catch(() => null)
    : Promise.resolve(null);
  self.oracleLitePreload = Promise.all([wasm, bytes('python_stdlib.zip'), bytes('__PACKAGES__'),
    snapshot]).then(([module, stdlib, packages, memory]) => ({
    wasm: module, stdlib, packages, snapshot: memory,
  }));
})();
