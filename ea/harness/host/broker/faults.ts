/**
 * Injected faults: "the next call to X fails with Y" and "the next call to X is filled but its
 * reply is lost". Codes are the platform's own: MT5 trade server return codes
 * (mql5.com/en/docs/constants/errorswarnings/enum_trade_return_codes) or MT4 error codes
 * (docs.mql4.com/constants/errorswarnings/errorcodes).
 */
export type Fault =
  /** The call is refused with `code`; nothing happens at the broker. */
  | { refuse: number }
  /**
   * The trade happens, but the caller hears `code` instead of success (MT5: e.g. 10012
   * timeout or 10031 no connection, 0 = OrderSend returns false with no retcode; MT4: e.g.
   * 128 trade timeout): the "timeout whose order was in fact filled".
   */
  | { lostReply: number }
  /** Only `volume` lots are filled (MT5 10010 DONE_PARTIAL). */
  | { partial: number }
  /**
   * The market moves `slip` points (negative: down) between the quote the EA read and the
   * trade server's check of its order: slippage, which the request's deviation (MT4:
   * slippage) accepts or a requote refuses.
   */
  | { slip: number };

export class FaultQueue {
  private readonly queued = new Map<string, Fault[]>();

  /** Queues `fault` for the next call of the MQL function `call` (e.g. 'OrderSend'). */
  next(call: string, fault: Fault, times = 1): void {
    const list = this.queued.get(call) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.queued.set(call, list);
  }

  /** The fault the next call would meet, left on the queue. */
  peek(call: string): Fault | undefined {
    return this.queued.get(call)?.[0];
  }

  /** The fault for this call, if one is queued (and takes it off the queue). */
  take(call: string): Fault | undefined {
    return this.queued.get(call)?.shift();
  }

  /** Drops what is still queued for `call` (the condition has passed). */
  clear(call: string): void {
    this.queued.delete(call);
  }

  /** Faults not yet consumed, per call, so a scenario can assert they all fired. */
  pending(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [call, list] of this.queued) if (list.length > 0) out[call] = list.length;
    return out;
  }
}
