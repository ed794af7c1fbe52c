// The browser edition's service worker: it keeps JupyterLite's own duties (the kernel's file
// drive and input requests are relayed to the page) and makes the site work offline.
// - Every same-origin GET it sees is answered from its cache when there, else from the network
//   (and then kept). A navigation ignores the query string.
// - When the page says the app has started ({type: "precache"}), it fetches precache.json (every
//   file the app needs) and caches what is missing, then tells the page ({type: "offline-ready"}).
// - A new build has a new cache name (BUILD below); older caches are deleted when it activates.
'use strict';
const BUILD = '__BUILD__';
const CACHE = `oracle-lite-${BUILD}`;
const broadcast = new BroadcastChannel('/sw-api.v1');

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) { await caches.delete(name); }
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.pathname.endsWith('/api/service-worker-heartbeat')) {
    event.respondWith(new Response('ok'));
    return;
  }
  if (url.origin === location.origin &&
      (url.pathname.includes('/api/drive') || url.pathname.includes('/api/stdin/'))) {
    event.respondWith(relay(event.request, url));
    return;
  }
  if (event.request.method !== 'GET' || url.origin !== location.origin) {
    return;
  }
  event.respondWith(cached(event.request));
});

async function cached(request) {
  const cache = await caches.open(CACHE);
  const navigate = request.mode === 'navigate';
  const hit = await cache.match(request, { ignoreSearch: navigate });
  if (hit) { return hit; }
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
  }
  return response;
}

async function relay(request, url) {
  const message = await request.json();
  const answered = new Promise((resolve) => {
    const listen = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId ||
          data.requestId !== message.requestId) { return; }
      broadcast.removeEventListener('message', listen);
      resolve(new Response(JSON.stringify(data.response)));
    };
    broadcast.addEventListener('message', listen);
  });
  message.pathname = url.pathname;
  broadcast.postMessage(message);
  return answered;
}

self.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== 'precache') { return; }
  const source = event.source;
  event.waitUntil((async () => {
    let missing = 0;
    try {
      const cache = await caches.open(CACHE);
      const scope = self.registration.scope;
      const list = await (await fetch(new URL('precache.json', scope), { cache: 'no-store' })).json();
      const wanted = list.files.map((file) => new URL(file, scope).href);
      const todo = [];
      for (const href of wanted) {
        if (!(await cache.match(href, { ignoreSearch: true }))) { todo.push(href); }
      }
      for (let i = 0; i < todo.length; i += 8) {
        await Promise.all(todo.slice(i, i + 8).map(async (href) => {
          try {
            const response = await fetch(href);
            if (response.ok) { await cache.put(href, response); } else { missing += 1; }
          } catch (error) { missing += 1; }
        }));
      }
    } catch (error) {
      missing = -1;
    }
    if (source) { source.postMessage({ type: 'offline-ready', build: BUILD, missing }); }
  })());
});
