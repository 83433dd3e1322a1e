import { tradingScenarios } from './lib/trading-suite.ts';

// MT4 account, relay over the HTTPS long-poll (MT4 has no sockets). SL/TP go on with
// OrderModify after the fill (ea/README.md, "Execution").
tradingScenarios('mt4');
