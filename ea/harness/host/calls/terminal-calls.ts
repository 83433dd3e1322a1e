import { mql } from '../constants.ts';
import { type CallContext, type HandlerTable, num, property, type Reply, str } from './call.ts';

/**
 * Terminal, program, account, global variables and time
 * (mql5.com/en/docs/check/terminalinfointeger, mql5.com/en/docs/check/mqlinfointeger,
 * mql5.com/en/docs/account, mql5.com/en/docs/globals, mql5.com/en/docs/dateandtime; MQL4 has
 * the same functions). A property the host does not simulate stops the EA with its name.
 */
type Getters = Record<string, (c: CallContext) => unknown>;

/** Looks `prop` up in `getters`; an unknown property is fatal, never a silent 0. */
export function lookup(getters: Getters, call: string, c: CallContext, prop: unknown): unknown {
  const getter = typeof prop === 'string' ? getters[prop] : undefined;
  if (!getter) throw new Error(`host: no ${call}(${String(prop)})`);
  return getter(c);
}

const flag = (b: boolean) => (b ? 1 : 0);

const terminalInteger: Getters = {
  TERMINAL_CONNECTED: (c) => flag(c.terminal.connected),
  TERMINAL_TRADE_ALLOWED: (c) => flag(c.terminal.autoTrading),
  TERMINAL_BUILD: (c) => c.terminal.build,
  TERMINAL_DLLS_ALLOWED: (c) => flag(c.terminal.dllsAllowed),
  TERMINAL_EMAIL_ENABLED: () => 0,
  TERMINAL_FTP_ENABLED: () => 0,
  TERMINAL_NOTIFICATIONS_ENABLED: () => 0,
  TERMINAL_CODEPAGE: () => 0,
  // Free space for the Files folder, in MB: none once the test fills the disk.
  TERMINAL_DISK_SPACE: (c) => (c.terminal.diskFull ? 0 : 51_200),
};

const terminalString: Getters = {
  TERMINAL_NAME: () => 'MetaTrader (harness)',
  TERMINAL_COMPANY: (c) => c.terminal.account?.company ?? '',
  TERMINAL_LANGUAGE: () => 'English',
  TERMINAL_PATH: (c) => c.terminal.dir,
  TERMINAL_DATA_PATH: (c) => c.terminal.dir,
  TERMINAL_COMMONDATA_PATH: (c) => c.terminal.commonDir,
};

const mqlInteger: Getters = {
  MQL_TRADE_ALLOWED: (c) => flag(c.session.eaTradeAllowed),
  MQL_DLLS_ALLOWED: (c) => flag(c.terminal.dllsAllowed),
  MQL_TESTER: () => 0,
  MQL_OPTIMIZATION: () => 0,
  MQL_VISUAL_MODE: () => 0,
  MQL_DEBUG: () => 0,
  MQL_PROFILER: () => 0,
};

const mqlString: Getters = {
  MQL_PROGRAM_NAME: (c) => c.session.program,
};

const accountInteger: Getters = {
  ACCOUNT_LOGIN: (c) => c.terminal.account?.login ?? 0,
  ACCOUNT_TRADE_ALLOWED: (c) => flag(c.terminal.account?.tradeAllowed ?? false),
  ACCOUNT_TRADE_EXPERT: (c) => flag(c.terminal.account?.expertAllowed ?? false),
  ACCOUNT_LEVERAGE: (c) => c.terminal.account?.leverage ?? 0,
  ACCOUNT_TRADE_MODE: () => mql('ACCOUNT_TRADE_MODE_DEMO'),
  ACCOUNT_LIMIT_ORDERS: () => 0,
  ACCOUNT_CURRENCY_DIGITS: () => 2,
  ACCOUNT_MARGIN_MODE: (c) =>
    mql(
      c.terminal.account?.kind === 'mt5-netting'
        ? 'ACCOUNT_MARGIN_MODE_RETAIL_NETTING'
        : 'ACCOUNT_MARGIN_MODE_RETAIL_HEDGING',
    ),
};

const money = (f: (c: CallContext) => number) => (c: CallContext) =>
  c.terminal.account ? f(c) : 0;

const accountDouble: Getters = {
  ACCOUNT_BALANCE: money((c) => c.terminal.account!.balance),
  ACCOUNT_EQUITY: money((c) => c.broker.equity(c.terminal.account!)),
  ACCOUNT_PROFIT: money((c) => c.broker.floating(c.terminal.account!)),
  ACCOUNT_MARGIN: money((c) => c.broker.margin(c.terminal.account!)),
  ACCOUNT_MARGIN_FREE: money((c) => c.broker.freeMargin(c.terminal.account!)),
  ACCOUNT_CREDIT: () => 0,
  ACCOUNT_MARGIN_LEVEL: money((c) => {
    const margin = c.broker.margin(c.terminal.account!);
    return margin > 0 ? (c.broker.equity(c.terminal.account!) / margin) * 100 : 0;
  }),
};

const accountString: Getters = {
  ACCOUNT_SERVER: (c) => c.terminal.account?.server ?? '',
  ACCOUNT_NAME: (c) => c.terminal.account?.name ?? '',
  ACCOUNT_COMPANY: (c) => c.terminal.account?.company ?? '',
  ACCOUNT_CURRENCY: (c) => c.terminal.account?.currency ?? '',
};

const getter =
  (call: string, getters: Getters) =>
  (c: CallContext, args: unknown[]): Reply =>
    property(args, 1, lookup(getters, call, c, args[0]), 0);

/** ERR_GLOBALVARIABLE_NOT_FOUND (mql5.com/en/docs/constants/errorswarnings/errorcodes). */
const errGlobalNotFound = 4501;

const seconds = (ms: number) => Math.floor(ms / 1000);

export const terminalCalls: HandlerTable = {
  TerminalInfoInteger: getter('TerminalInfoInteger', terminalInteger),
  TerminalInfoString: getter('TerminalInfoString', terminalString),
  MQLInfoInteger: getter('MQLInfoInteger', mqlInteger),
  MQLInfoString: getter('MQLInfoString', mqlString),
  AccountInfoInteger: getter('AccountInfoInteger', accountInteger),
  AccountInfoDouble: getter('AccountInfoDouble', accountDouble),
  AccountInfoString: getter('AccountInfoString', accountString),
  Symbol: (c) => ({ ret: c.session.chart }),
  ChartID: (c) => ({ ret: c.session.chartId }),

  // Global variables of the client terminal: shared by every program of one terminal.
  GlobalVariableCheck: (c, args) => ({
    ret: c.terminal.globals.has(str(args, 0, 'GlobalVariableCheck')),
  }),
  GlobalVariableGet: (c, args) => {
    const v = c.terminal.globals.get(str(args, 0, 'GlobalVariableGet'));
    return v ? { ret: v.value } : { ret: 0, err: errGlobalNotFound };
  },
  GlobalVariableSet: (c, args) => {
    const name = str(args, 0, 'GlobalVariableSet');
    const old = c.terminal.globals.get(name);
    const now = c.terminal.localMs();
    c.terminal.globals.set(name, {
      value: num(args, 1, 'GlobalVariableSet'),
      temp: old?.temp ?? false,
    });
    return { ret: seconds(now) };
  },
  GlobalVariableTemp: (c, args) => {
    const name = str(args, 0, 'GlobalVariableTemp');
    if (!c.terminal.globals.has(name)) c.terminal.globals.set(name, { value: 0, temp: true });
    return { ret: true };
  },
  GlobalVariableSetOnCondition: (c, args) => {
    const name = str(args, 0, 'GlobalVariableSetOnCondition');
    const v = c.terminal.globals.get(name);
    if (!v) return { ret: false, err: errGlobalNotFound };
    if (v.value !== num(args, 2, 'GlobalVariableSetOnCondition')) return { ret: false };
    v.value = num(args, 1, 'GlobalVariableSetOnCondition');
    return { ret: true };
  },
  GlobalVariableDel: (c, args) => ({
    ret: c.terminal.globals.delete(str(args, 0, 'GlobalVariableDel')),
  }),

  // Time: the trade server's clock (last quote / calculated), UTC, and the computer's.
  TimeCurrent: (c) => ({ ret: seconds(c.broker.clock.serverMs(c.broker.lastQuoteMs())) }),
  TimeTradeServer: (c) => ({ ret: seconds(c.broker.clock.serverMs(c.broker.clock.utcMs())) }),
  TimeGMT: (c) => ({ ret: seconds(c.broker.clock.utcMs()) }),
  TimeLocal: (c) => ({ ret: seconds(c.terminal.localMs()) }),
};
