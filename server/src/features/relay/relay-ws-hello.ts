import { closeCodes, type Hello } from '@signalrelay/contracts/ea-protocol';
import type { FastifyBaseLogger } from 'fastify';
import { type LicenseDirectory, unverifiedLicenseMessage } from '../../core/license-directory.ts';
import type { RelayHub } from '../../core/relay-hub.ts';
import { toEaSignal } from '../../core/signal-rows.ts';
import type { TerminalRef } from '../../core/signal-store.ts';
import { AppError } from '../../errors.ts';
import type { ExecutorGate, HeldLease } from './relay-executors.ts';
import type { EaLimits } from './relay-limits.ts';
import type { RulesDelivery } from './relay-rules.ts';
import type { RelayService } from './relay-service.ts';
import type { RelayTerminal, TerminalRegistry } from './relay-terminals.ts';
import {
  type Connection,
  heartbeatMs,
  isOpen,
  leaseTtlMs,
  push,
  refuse,
  refuseExecutor,
  send,
  sendError,
} from './relay-ws-connection.ts';

export type HelloDeps = {
  licenses: LicenseDirectory;
  terminals: TerminalRegistry;
  hub: RelayHub;
  relay: RelayService;
  limits: EaLimits;
  executors: ExecutorGate;
  rules: RulesDelivery;
  now: () => number;
  log: FastifyBaseLogger;
};

/**
 * The hello of ea/PROTOCOL.md's transport A, in named steps: the license's owner, the
 * terminal, the right to trade its account, then live signals, the welcome, the rules (v3)
 * and what the terminal missed. `connections` are the gateway's, for replacing an older
 * session of the same EA instance.
 */
export function createHello(deps: HelloDeps, connections: Set<Connection>) {
  const { licenses, terminals, hub, relay, limits, executors, rules, now, log } = deps;

  /** Sends what this terminal should have and was not sent on this socket yet. */
  async function replay(c: Connection, terminal: RelayTerminal) {
    const { rows } = await relay.pendingFor(terminal);
    for (const row of rows) {
      if (c.sent.has(row.id)) continue;
      if (!push(c, JSON.stringify({ type: 'signal', signal: toEaSignal(row, now()) }))) return;
      c.sent.add(row.id);
    }
  }

  /** Step 1: the license's owner, or the refusal (closing the socket). */
  async function ownerFor(c: Connection, frame: Hello) {
    const owner = await licenses.lookup(frame.licenseNumber);
    if (!owner) {
      const miss = limits.miss(c.ip);
      if (!miss.allowed) return refuse(c, miss.retryAfterSeconds);
      sendError(c, 'LICENSE_INVALID', 'Unknown license number. Copy it again from your dashboard.');
      c.socket.close(closeCodes.licenseInvalid, 'license invalid');
      return;
    }
    if (!owner.verified) {
      sendError(c, 'LICENSE_INVALID', unverifiedLicenseMessage);
      c.socket.close(closeCodes.licenseInvalid, 'e-mail not verified');
      return;
    }
    const forLicense = limits.helloForLicense(owner.userId);
    if (!forLicense.allowed) return refuse(c, forLicense.retryAfterSeconds);
    return owner;
  }

  /** Step 2: the terminal (registered on first sight), or null when refused. */
  function terminalFor(c: Connection, userId: string, frame: Hello) {
    return terminals.resolve(userId, frame, { ...frame, transport: 'ws' }).catch((err: unknown) => {
      if (!(err instanceof AppError && err.code === 'LIMIT_REACHED')) throw err;
      // Not fatal: the trader may free a place (ea/PROTOCOL.md, "Limits"), so retry later.
      // A v1 EA knows only v1's codes: RATE_LIMITED with 1013 means the same to it.
      sendError(c, frame.v >= 2 ? 'LIMIT_REACHED' : 'RATE_LIMITED', err.message);
      c.socket.close(closeCodes.tryAgainLater, 'terminal limit');
      return null;
    });
  }

  /** Step 3: the right to trade the account; false when refused or closed meanwhile. */
  async function admitExecutor(c: Connection, terminal: TerminalRef, frame: Hello) {
    const admission = await executors.admit(terminal, frame, c.session, leaseTtlMs);
    if (admission.refused) {
      refuseExecutor(c, admission.message);
      return false;
    }
    if (!isOpen(c)) {
      if (admission.lease) await executors.release(admission.lease);
      return false;
    }
    c.lease = admission.lease;
    if (c.lease) replaceOlderSessions(c, c.lease);
    return true;
  }

  /**
   * The same EA instance reconnected (its old socket may not have noticed the network go):
   * the new connection replaces the old one at once instead of waiting for its silence.
   */
  function replaceOlderSessions(c: Connection, lease: HeldLease) {
    for (const other of connections) {
      if (other === c || other.lease?.key !== lease.key) continue;
      if (other.lease.instanceId !== lease.instanceId) continue;
      other.lease = null;
      other.socket.close(1000, 'replaced by a newer connection of this EA');
    }
  }

  /** Step 4: live signals reach this socket from now on; its close undoes it all. */
  async function attach(c: Connection, userId: string, terminal: RelayTerminal) {
    const unregister = await hub.register(userId, {
      terminalId: terminal.id,
      platform: terminal.platform,
      account: terminal.account,
      protocol: terminal.protocol,
      push(item, wire) {
        if (c.sent.has(item.signal.id)) return isOpen(c);
        if (!push(c, wire)) return false;
        c.sent.add(item.signal.id);
        return true;
      },
      resync: () => replay(c, terminal),
    });
    c.socket.once('close', () => {
      unregister();
      relay.disconnected(terminal).catch((err) => log.warn({ err }, 'presence leave failed'));
      if (c.lease) {
        executors.release(c.lease).catch((err) => log.warn({ err }, 'lease release failed'));
      }
    });
  }

  /** v3: the account's rules now, before any signal, and again whenever they change. */
  async function followRules(c: Connection, userId: string, account: string) {
    const stop = await rules.followSocket(userId, account, (set) =>
      send(c, JSON.stringify({ type: 'rules', ...set })),
    );
    if (isOpen(c)) c.socket.once('close', stop);
    else stop();
  }

  /** hello → welcome, then what the terminal missed, then it counts as connected. */
  return async function hello(c: Connection, frame: Hello) {
    const owner = await ownerFor(c, frame);
    if (!owner) return;
    const terminal = await terminalFor(c, owner.userId, frame);
    if (!terminal || !isOpen(c)) return;
    if (!(await admitExecutor(c, terminal, frame))) return;
    c.terminal = terminal;
    c.licenseNumber = frame.licenseNumber;
    await attach(c, owner.userId, terminal);
    // Answered in the EA's own version: it is sent nothing that version does not define.
    send(c, JSON.stringify({ type: 'welcome', v: frame.v, heartbeatMs, serverTime: now() }));
    if (frame.v >= 3) await followRules(c, owner.userId, frame.account);
    await replay(c, terminal);
    await relay.connected(terminal);
  };
}
