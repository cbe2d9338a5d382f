/**
 * An offline stand-in for Google's `https://apis.google.com/js/api.js` (gapi), enough for the Firebase web SDK's popup
 * and redirect sign-in against the Auth emulator. The emulator front (emulator-front.ts) serves it at GAPI_PATH, and
 * both sides of the SDK's handshake load it from there:
 *   - the app page (web/src/features/auth/firebase.ts, emulator mode only), before the SDK needs gapi: the SDK then
 *     uses this `window.gapi` instead of loading Google's;
 *   - the emulator's helper frame (`/emulator/auth/iframe`), whose `<script src>` the front rewrites to it.
 * The two talk with postMessage, each side accepting messages from its peer window and origin only: the app page
 * gives the frame its origin in the frame URL's fragment (`#snapnotesParent=`), which the emulator ignores.
 *
 * What the SDK uses (firebase 12, @firebase/auth `_openIframe` / `loadGapi`): `gapi.load('gapi.iframes', {callback})`,
 * `gapi.iframes.getContext().open({url, where, attributes}, onOpen)` and the frame's `restyle`, `ping`, `register`,
 * `send(name, data, callback)`; the emulator's frame uses `getContext().getParentIframe()` with `register` and `send`,
 * and `window.gapi_onload`. Replies reach a `send` callback as an array of the handlers' results, as with gapi.
 * Callbacks run inside try/catch (as gapi does): the SDK throws on purpose after its webStorageSupport callback.
 */

/** Where the emulator front serves the script. */
export const GAPI_PATH = '/__snapnotes/gapi.js';

/** The URL the emulator's helper frame loads gapi from (replaced by GAPI_PATH in the front's copy of the page). */
export const GOOGLE_GAPI_URL = 'https://apis.google.com/js/api.js';

export const OFFLINE_GAPI_SCRIPT = String.raw`/* SnapNotes: offline gapi for the Firebase Auth emulator (packages/local-services/src/offline-gapi.ts) */
(function () {
  'use strict';
  if (window.gapi) return;
  var TAG = 'snapnotes-gapi';
  var PARENT_PARAM = 'snapnotesParent';
  var sequence = 0;

  function safely(fn, args) {
    try { return fn.apply(null, args || []); } catch (e) { return undefined; }
  }

  /** One side of a channel: talks to peer() at peerOrigin, queues what arrives before its handler is registered. */
  function Channel(peer, peerOrigin) {
    this.peer = peer; this.peerOrigin = peerOrigin;
    this.handlers = {}; this.inbox = []; this.replies = {}; this.ready = false; this.onReady = [];
  }
  Channel.prototype.post = function (message) {
    message[TAG] = 1;
    var target = this.peer();
    if (target) target.postMessage(message, this.peerOrigin);
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.inbox; this.inbox = [];
    for (var i = 0; i < waiting.length; i++) this.dispatch(waiting[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = 'm' + (++sequence) + '-' + Math.random().toString(36).slice(2);
    this.replies[id] = callback || function () {};
    this.post({ kind: 'send', name: name, data: data, id: id });
  };
  Channel.prototype.dispatch = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) { this.inbox.push(message); return; }
    var self = this;
    Promise.resolve().then(function () { return handler(message.data); }).then(function (result) {
      self.post({ kind: 'reply', id: message.id, responses: [result] });
    }, function () {
      self.post({ kind: 'reply', id: message.id, responses: [] });
    });
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'ready') {
      this.ready = true;
      var waiting = this.onReady.splice(0);
      for (var i = 0; i < waiting.length; i++) safely(waiting[i]);
    } else if (message.kind === 'send') {
      this.dispatch(message);
    } else if (message.kind === 'reply' && this.replies[message.id]) {
      var callback = this.replies[message.id];
      delete this.replies[message.id];
      safely(callback, [message.responses]);
    }
  };

  var frames = []; // the app page's side: one channel per frame it opened
  var parentChannel = null; // the frame's side
  var parentOrigin = (function () {
    var match = /[#&]snapnotesParent=([^&]+)/.exec(location.hash);
    return match ? decodeURIComponent(match[1]) : null;
  })();

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[TAG]) return;
    if (parentChannel && event.source === window.parent && event.origin === parentOrigin) {
      parentChannel.receive(message);
      return;
    }
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.element.contentWindow === event.source && event.origin === frame.channel.peerOrigin) {
        frame.channel.receive(message);
      }
    }
  });

  var context = {
    open: function (options, onOpen) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style') Object.assign(element.style, attributes.style);
        else element.setAttribute(name, attributes[name]);
      });
      var url = new URL(options.url, location.href);
      url.hash = PARENT_PARAM + '=' + encodeURIComponent(location.origin);
      element.src = url.href;
      var channel = new Channel(function () { return element.contentWindow; }, url.origin);
      frames.push({ element: element, channel: channel });
      (options.where || document.body).appendChild(element);
      var frame = {
        restyle: function () { return Promise.resolve(); },
        ping: function (callback) {
          return new Promise(function (resolve) {
            var done = function () { if (callback) safely(callback); resolve(); };
            if (channel.ready) done(); else channel.onReady.push(done);
          });
        },
        register: function (name, handler) { channel.register(name, handler); },
        send: function (name, data, callback) { channel.send(name, data, callback); },
      };
      return Promise.resolve(onOpen ? onOpen(frame) : frame).then(function () { return frame; });
    },
    getParentIframe: function () {
      if (!parentChannel) {
        if (!parentOrigin || window.parent === window) throw new Error('gapi: no parent page to talk to');
        parentChannel = new Channel(function () { return window.parent; }, parentOrigin);
        parentChannel.post({ kind: 'ready' });
      }
      return {
        register: function (name, handler) { parentChannel.register(name, handler); },
        send: function (name, data, callback) { parentChannel.send(name, data, callback); },
      };
    },
  };

  window.gapi = {
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) safely(callback); }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
      Iframe: function () {},
      getContext: function () { return context; },
    },
  };

  // As Google's loader: ?onload=<name> names the callback; the emulator's frame sets window.gapi_onload instead.
  var src = (document.currentScript && document.currentScript.src) || '';
  var onload = (/[?&]onload=([^&]+)/.exec(src) || [])[1];
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') safely(window[onload]);
    else if (typeof window.gapi_onload === 'function') safely(window.gapi_onload);
  }, 0);
})();
`;
