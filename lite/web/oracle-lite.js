// The browser edition's page script: once the app has drawn, ask the service worker to cache
// every file the app needs, and mark the page when it is done
// (<html data-oracle-offline="ready">, or "incomplete" if some file could not be fetched).
// While the app's status line says a commit is still on its way to IndexedDB
// (.oracle-lite-saving), leaving or reloading the page asks first.
(function () {
  'use strict';
  window.addEventListener('beforeunload', (event) => {
    if (document.querySelector('.oracle-lite-saving')) {
      event.preventDefault();
      event.returnValue = '';
    }
  });
  if (!('serviceWorker' in navigator)) { return; }
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data && event.data.type === 'offline-ready') {
      document.documentElement.dataset.oracleOffline = event.data.missing === 0 ? 'ready' : 'incomplete';
    }
  });
  async function ask() {
    const registration = await navigator.serviceWorker.ready;
    const worker = navigator.serviceWorker.controller || registration.active;
    if (worker) { worker.postMessage({ type: 'precache' }); }
  }
  function wait() {
    if (document.querySelector('.oracle-app')) { ask(); } else { setTimeout(wait, 500); }
  }
  wait();
})();
