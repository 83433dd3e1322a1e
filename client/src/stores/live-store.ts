import { jitteredBackoff } from '@signalrelay/contracts/backoff';
import type { LiveEvent } from '@signalrelay/contracts/live';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { applyToQueries } from './live-queries.ts';

/**
 * The dashboard's live channel: one WebSocket to `/api/live` (session cookie) carrying the
 * signed-in user's events. It reconnects with backoff, pings every 15 s and drops a socket that
 * stays silent, so a half-open connection does not pass for a live one. Events are lossy by
 * design: every (re)connect emits `resync`. Each event first updates the query cache
 * (`live-queries.ts`: the screens' server state refetches or is patched there), then reaches
 * the listeners. While the status is not 'open' the screens fall back to the spec's polling.
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** What listeners receive: a server event, or `resync` after the socket (re)opened. */
export type LiveMessage = Exclude<LiveEvent, { type: 'ea' | 'quota' }> | { type: 'resync' };

export type EaState = {
  connected: boolean;
  lastConnected: number | null;
  /** 'live' when pushed over the socket, 'poll' when derived from a session refresh. */
  source: 'live' | 'poll';
};

type LiveState = {
  status: LiveStatus;
  ea: EaState | null;
};

export const useLive = create<LiveState>(() => ({ status: 'idle', ea: null }));

// An EA connecting or dropping (pushed, or found by a poll) changes terminals and setup.
useLive.subscribe(({ ea }, previous) => {
  if (ea && ea.connected !== previous.ea?.connected) {
    applyToQueries({ type: 'ea', connected: ea.connected });
  }
});

const pingEveryMs = 15_000;
/** Two pings without any answer: the connection is gone even if the socket did not say so. */
const silentForMs = 2 * pingEveryMs + 5_000;
const backoffFirstMs = 1_000;
const backoffMaxMs = 30_000;

const listeners = new Set<(message: LiveMessage) => void>();
let users = 0;
let socket: WebSocket | null = null;
let attempt = 0;
let lastHeard = 0;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function emit(message: LiveMessage) {
  applyToQueries(message);
  for (const listener of listeners) listener(message);
}

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/live`;
}

/** The events listeners receive; 'pong' and anything newer than this client are only heard. */
const listenedTypes = new Set<unknown>(['signal', 'orders', 'terminals', 'setup']);

function onMessage(data: unknown) {
  lastHeard = Date.now();
  let event: LiveEvent;
  try {
    event = JSON.parse(String(data));
  } catch {
    return;
  }
  if (event.type === 'ea') {
    const { connected, lastConnected } = event;
    useLive.setState({ ea: { connected, lastConnected, source: 'live' } });
  } else if (event.type === 'quota') applyToQueries(event);
  else if (listenedTypes.has(event.type)) emit(event);
}

/** Forgets the current socket at once (its late events are ignored) and plans a reconnect. */
function drop() {
  clearInterval(pingTimer);
  const old = socket;
  socket = null;
  if (old) {
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    if (old.readyState === WebSocket.CONNECTING || old.readyState === WebSocket.OPEN) old.close();
  }
  if (users === 0) return;
  useLive.setState({ status: 'closed' });
  retryTimer = setTimeout(connect, jitteredBackoff(backoffFirstMs, attempt++, backoffMaxMs));
}

function connect() {
  clearTimeout(retryTimer);
  if (users === 0 || socket) return;
  useLive.setState((s) => ({ status: s.status === 'idle' ? 'connecting' : s.status }));
  const ws = new WebSocket(liveUrl());
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    lastHeard = Date.now();
    useLive.setState({ status: 'open' });
    pingTimer = setInterval(() => {
      if (Date.now() - lastHeard > silentForMs) return drop();
      ws.send('{"type":"ping"}');
    }, pingEveryMs);
    emit({ type: 'resync' });
  };
  ws.onmessage = (event) => onMessage(event.data);
  ws.onclose = drop;
  ws.onerror = drop;
}

/** Keeps the live channel open while the calling component (one or more) is mounted. */
export function useLiveConnection(): void {
  useEffect(() => {
    if (++users === 1) {
      attempt = 0;
      connect();
    }
    return () => {
      if (--users > 0) return;
      clearTimeout(retryTimer);
      drop();
      useLive.setState({ status: 'idle', ea: null });
    };
  }, []);
}

/**
 * Calls `handler` for each signal, orders, terminals and setup event and each `resync` while
 * mounted, always the latest handler (no re-subscription on every render).
 */
export function useLiveEvents(handler: (message: LiveMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (message: LiveMessage) => latest.current(message);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}

/** Spec section 9: screens poll every 10 s while the live channel is down. */
export const pollEveryMs = 10_000;

/** A live-kept query's `refetchInterval`: none while the socket is open, polling otherwise. */
export function useLivePolling(): number | false {
  return useLive((s) => s.status === 'open') ? false : pollEveryMs;
}

/**
 * The EA state a session refresh found while the socket is down (spec: connected when
 * lastConnected is within 5 s). Ignored while the socket is open: its pushed state is newer.
 */
export function setEaFromPoll(lastConnected: number | null, connected: boolean): void {
  if (useLive.getState().status === 'open') return;
  useLive.setState({ ea: { connected, lastConnected, source: 'poll' } });
}
