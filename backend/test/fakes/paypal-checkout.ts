/**
 * The browser side of the fake PayPal: a stand-in for the PayPal JS SDK (`/sdk/js`, the script
 * @paypal/react-paypal-js loads) and for the hosted donate page (`/donate`). The stand-in SDK
 * implements the part of `paypal.Buttons(...)` the subscription button uses: isEligible, render,
 * updateProps, close; `actions.subscription.create({plan_id})` creates the subscription at the
 * fake (status APPROVAL_PENDING, as PayPal does), and clicking the rendered button plays the
 * buyer approving it in PayPal's window (status ACTIVE), then calls `onApprove({subscriptionID})`.
 * A refused approval (`failNextApproval`, or POST /sdk/control/fail-next-approval from another
 * process) calls `onError`, as the real SDK does.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakePayPalSubscription } from './paypal-server';

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST, OPTIONS' };

function reply(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, { ...CORS, 'content-type': type, 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}
const json = (res: ServerResponse, status: number, body: unknown) => reply(res, status, 'application/json', JSON.stringify(body));

/** The stand-in SDK script; `origin` is where it calls back. */
function sdkScript(origin: string, clientId: string): string {
  return `(function () {
  var origin = ${JSON.stringify(origin)};
  var clientId = ${JSON.stringify(clientId)};
  function post(path, body) {
    // text/plain keeps the request "simple" (no CORS preflight), as the real SDK's iframes do not need one either.
    return fetch(origin + path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.message || 'PayPal error'); return b; }); });
  }
  var actions = {
    subscription: {
      create: function (options) {
        return post('/sdk/subscriptions', { plan_id: options && options.plan_id, client_id: clientId }).then(function (b) { return b.id; });
      }
    }
  };
  function Buttons(props) {
    var host = null;
    return {
      isEligible: function () { return true; },
      updateProps: function (next) { Object.assign(props, next); return Promise.resolve(); },
      close: function () { if (host) host.remove(); host = null; return Promise.resolve(); },
      render: function (container) {
        var parent = typeof container === 'string' ? document.querySelector(container) : container;
        host = document.createElement('div');
        host.className = 'paypal-standin';
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        button.setAttribute('aria-label', 'Subscribe with PayPal');
        button.style.cssText = 'width:100%;min-height:45px;border:0;border-radius:999px;background:#ffc439;color:#111;font:inherit;font-weight:700;cursor:pointer';
        button.onclick = function () {
          Promise.resolve(props.createSubscription({ paymentSource: 'paypal' }, actions))
            .then(function (id) { return post('/sdk/approve', { id: id }).then(function () { return id; }); })
            .then(function (id) {
              return props.onApprove({ orderID: null, subscriptionID: id, facilitatorAccessToken: 'A21AAstandin', paymentSource: 'paypal' }, {});
            })
            .catch(function (err) { if (props.onError) props.onError(err); });
        };
        host.appendChild(button);
        parent.appendChild(host);
        if (props.onInit) props.onInit({}, { enable: function () { return Promise.resolve(); }, disable: function () { return Promise.resolve(); } });
        return Promise.resolve();
      }
    };
  }
  window.paypal = { Buttons: Buttons, version: '5.0.0-standin', FUNDING: { PAYPAL: 'paypal' } };
})();
`;
}

const DONATE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Donate with PayPal</title></head>
<body><main><h1>Donate to Cloud 9 Social</h1><p>PayPal's hosted donate page (stand-in).</p></main></body></html>`;

export interface FakeCheckout {
  /** The next buyer approval fails (the SDK then calls onError). */
  failNextApproval(): void;
  /** Handles /sdk/* and /donate; false when the path is not ours. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string): boolean;
}

export function fakeCheckout(subscriptions: Map<string, FakePayPalSubscription>, clientId: string): FakeCheckout {
  let failNext = false;
  return {
    failNextApproval: () => void (failNext = true),
    handle(req, res, url, body) {
      if (!url.pathname.startsWith('/sdk/') && url.pathname !== '/donate') return false;
      if (req.method === 'OPTIONS') {
        reply(res, 204, 'text/plain', '');
        return true;
      }
      if (req.method === 'GET' && url.pathname === '/donate') {
        reply(res, 200, 'text/html; charset=utf-8', DONATE_PAGE);
        return true;
      }
      if (req.method === 'GET' && url.pathname === '/sdk/js') {
        // The real SDK answers 400 without a known client-id.
        if (url.searchParams.get('client-id') !== clientId) {
          reply(res, 400, 'application/javascript', `throw new Error('SDK Validation error: client-id not recognized');`);
          return true;
        }
        reply(res, 200, 'application/javascript', sdkScript(`http://${req.headers.host}`, clientId));
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/sdk/control/fail-next-approval') {
        failNext = true;
        json(res, 200, { ok: true });
        return true;
      }
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        json(res, 400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed.' });
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/sdk/subscriptions') {
        if (payload.client_id !== clientId || typeof payload.plan_id !== 'string' || !payload.plan_id.startsWith('P-')) {
          json(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'The plan is not known to this PayPal account.' });
          return true;
        }
        const id = `I-${randomBytes(6).toString('hex').toUpperCase()}`;
        subscriptions.set(id, { id, status: 'APPROVAL_PENDING', plan_id: payload.plan_id, status_update_time: new Date().toISOString() });
        json(res, 201, { id, status: 'APPROVAL_PENDING' });
        return true;
      }
      if (req.method === 'POST' && url.pathname === '/sdk/approve') {
        const sub = subscriptions.get(String(payload.id));
        if (!sub || failNext) {
          failNext = false;
          json(res, 422, { name: 'UNPROCESSABLE_ENTITY', message: 'The buyer could not approve the subscription.' });
          return true;
        }
        const next = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
        subscriptions.set(sub.id, { ...sub, status: 'ACTIVE', status_update_time: new Date().toISOString(), billing_info: { next_billing_time: next } });
        json(res, 200, { id: sub.id, status: 'ACTIVE' });
        return true;
      }
      json(res, 404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
      return true;
    },
  };
}
