// The page's service worker (served at /sw.js, its scope the whole site): it shows the
// notifications the server pushes (issue #36 item 3) and, on a click, brings the table's
// page forward, or opens it. A push holds {title, body, url, tag}: the server's words, in
// the language the browser subscribed in; nothing is fetched to show it.
"use strict";

// The worker's global scope (tsc checks this file with the page's DOM types).
const worker = /** @type {any} */ (self);

worker.addEventListener("install", () => worker.skipWaiting());
worker.addEventListener("activate", (/** @type {any} */ event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener("push", (/** @type {any} */ event) => {
  /** @type {{title?: string, body?: string, url?: string, tag?: string}} */
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    return;  // not one of the server's pushes
  }
  const url = typeof message.url === "string" && message.url.startsWith("/t/") ? message.url : "/";
  event.waitUntil(worker.registration.showNotification(message.title || "Sleuth", {
    body: message.body || "",
    tag: message.tag,
    icon: "/static/icon-192.png",
    badge: "/static/icon-192.png",
    data: {url},
  }));
});

worker.addEventListener("notificationclick", (/** @type {any} */ event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", worker.location.origin).href;
  event.waitUntil((async () => {
    const windows = await worker.clients.matchAll({type: "window", includeUncontrolled: true});
    const open = windows.find((/** @type {any} */ client) => client.url === url);
    if (open) return open.focus();
    return worker.clients.openWindow(url);
  })());
});
