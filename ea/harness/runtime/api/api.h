// The terminal layer (ea/harness/README.md): the MQL functions, structs and constants our EAs
// use beyond the language. Local (real) here: timers, tick counts, files, WebRequest, sockets.
// Forwarded to the host: terminal, account, symbols, prices, trading, history, global
// variables, time. Each function names the reference page it follows; a function the EAs do
// not call is not declared, so a new call fails the build with its name.
#pragma once
#include "../core/core.h"
#include "constants.h"
#include "structs.h"

// --- Terminal, program, account: mql5.com/en/docs/check, mql5.com/en/docs/account
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property_id);  // mql5.com/en/docs/check/terminalinfointeger
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property_id);            // mql5.com/en/docs/check/mqlinfointeger
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property_id);   // mql5.com/en/docs/account/accountinfointeger
double AccountInfoDouble(ENUM_ACCOUNT_INFO_DOUBLE property_id);   // mql5.com/en/docs/account/accountinfodouble
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property_id);   // mql5.com/en/docs/account/accountinfostring
string Symbol();                                                  // mql5.com/en/docs/check/symbol
int PeriodSeconds();                                              // mql5.com/en/docs/common/periodseconds (chart period)
long ChartID();                                                   // mql5.com/en/docs/chart_operations/chartid

// --- Global variables of the terminal: mql5.com/en/docs/globals
bool GlobalVariableCheck(const string &name);
double GlobalVariableGet(const string &name);
datetime GlobalVariableSet(const string &name, double value);
bool GlobalVariableDel(const string &name);
bool GlobalVariableTemp(const string &name);
bool GlobalVariableSetOnCondition(const string &name, double value, double check_value);

// --- Time and tick counts: mql5.com/en/docs/dateandtime, mql5.com/en/docs/common
datetime TimeCurrent();      // mql5.com/en/docs/dateandtime/timecurrent
datetime TimeTradeServer();  // mql5.com/en/docs/dateandtime/timetradeserver
datetime TimeGMT();          // mql5.com/en/docs/dateandtime/timegmt
datetime TimeLocal();        // mql5.com/en/docs/dateandtime/timelocal
uint GetTickCount();         // mql5.com/en/docs/common/gettickcount
ulong GetMicrosecondCount();  // mql5.com/en/docs/common/getmicrosecondcount

// --- Timer: mql5.com/en/docs/eventfunctions
bool EventSetTimer(int seconds);
bool EventSetMillisecondTimer(int milliseconds);
void EventKillTimer();

// --- Symbols and quotes: mql5.com/en/docs/marketinformation
int SymbolsTotal(bool selected);
string SymbolName(int pos, bool selected);
bool SymbolSelect(const string &name, bool select);
double SymbolInfoDouble(const string &name, ENUM_SYMBOL_INFO_DOUBLE prop_id);
long SymbolInfoInteger(const string &name, ENUM_SYMBOL_INFO_INTEGER prop_id);
bool SymbolInfoInteger(const string &name, ENUM_SYMBOL_INFO_INTEGER prop_id, long &long_var);
bool SymbolInfoTick(const string &symbol, MqlTick &tick);

// --- Files in the terminal's sandbox: mql5.com/en/docs/files
int FileOpen(const string &file_name, int open_flags, short delimiter = '\t', uint codepage = CP_ACP);
void FileClose(int file_handle);
bool FileIsExist(const string &file_name, int common_flag = 0);
bool FileIsEnding(int file_handle);
bool FileSeek(int file_handle, long offset, ENUM_FILE_POSITION origin);
string FileReadString(int file_handle, int length = -1);
uint FileWriteString(int file_handle, const string &text_string, int length = -1);
bool FileMove(const string &src_file_name, int common_flag, const string &dst_file_name, int mode_flags);
bool FolderCreate(const string &folder_name, int common_flag = 0);

// --- Network: mql5.com/en/docs/network (MQL4 has WebRequest only: docs.mql4.com/common/webrequest)
int WebRequest(const string &method, const string &url, const string &headers, int timeout,
               const mql::Array<char> &data, mql::Array<char> &result, string &result_headers);
#ifdef __MQL5__
int SocketCreate(uint flags = 0);
bool SocketClose(int socket);
bool SocketConnect(int socket, const string &server, uint port, uint timeout_receive_ms);
bool SocketIsConnected(int socket);
uint SocketIsReadable(int socket);
bool SocketTimeouts(int socket, uint timeout_send_ms, uint timeout_receive_ms);
int SocketSend(int socket, const mql::Array<uchar> &buffer, uint buffer_len);
int SocketRead(int socket, mql::Array<uchar> &buffer, uint buffer_maxlen, uint timeout_ms);
bool SocketTlsHandshake(int socket, const string &host);
bool SocketTlsCertificate(int socket, string &subject, string &issuer, string &serial,
                          string &thumbprint, datetime &expiration);
int SocketTlsSend(int socket, const mql::Array<uchar> &buffer, uint buffer_len);
int SocketTlsReadAvailable(int socket, mql::Array<uchar> &buffer, uint buffer_maxlen);
#endif

#ifdef __MQL5__
// --- MT5 trading and history: mql5.com/en/docs/trading
bool OrderSend(const MqlTradeRequest &request, MqlTradeResult &result);
bool OrderCheck(const MqlTradeRequest &request, MqlTradeCheckResult &result);
bool OrderCalcProfit(ENUM_ORDER_TYPE action, const string &symbol, double volume,
                     double price_open, double price_close, double &profit);
int PositionsTotal();
ulong PositionGetTicket(int index);
bool PositionSelect(const string &symbol);
bool PositionSelectByTicket(ulong ticket);
double PositionGetDouble(ENUM_POSITION_PROPERTY_DOUBLE property_id);
long PositionGetInteger(ENUM_POSITION_PROPERTY_INTEGER property_id);
string PositionGetString(ENUM_POSITION_PROPERTY_STRING property_id);
int OrdersTotal();
ulong OrderGetTicket(int index);
bool OrderSelect(ulong ticket);
double OrderGetDouble(ENUM_ORDER_PROPERTY_DOUBLE property_id);
long OrderGetInteger(ENUM_ORDER_PROPERTY_INTEGER property_id);
string OrderGetString(ENUM_ORDER_PROPERTY_STRING property_id);
bool HistorySelect(datetime from_date, datetime to_date);
bool HistorySelectByPosition(long position_id);
int HistoryDealsTotal();
ulong HistoryDealGetTicket(int index);
bool HistoryDealSelect(ulong ticket);
double HistoryDealGetDouble(ulong ticket_number, ENUM_DEAL_PROPERTY_DOUBLE property_id);
long HistoryDealGetInteger(ulong ticket_number, ENUM_DEAL_PROPERTY_INTEGER property_id);
string HistoryDealGetString(ulong ticket_number, ENUM_DEAL_PROPERTY_STRING property_id);
int HistoryOrdersTotal();
ulong HistoryOrderGetTicket(int index);
double HistoryOrderGetDouble(ulong ticket_number, ENUM_ORDER_PROPERTY_DOUBLE property_id);
long HistoryOrderGetInteger(ulong ticket_number, ENUM_ORDER_PROPERTY_INTEGER property_id);
string HistoryOrderGetString(ulong ticket_number, ENUM_ORDER_PROPERTY_STRING property_id);
#endif

#ifdef __MQL4__
// --- MT4 trading: docs.mql4.com/trading, docs.mql4.com/marketinformation
double MarketInfo(const string &symbol, int type);
bool RefreshRates();
int OrderSend(const string &symbol, int cmd, double volume, double price, int slippage,
              double stoploss, double takeprofit, const string &comment = "", int magic = 0,
              datetime expiration = 0, color arrow_color = clrNONE);
bool OrderModify(int ticket, double price, double stoploss, double takeprofit,
                 datetime expiration, color arrow_color = clrNONE);
bool OrderClose(int ticket, double lots, double price, int slippage, color arrow_color = clrNONE);
bool OrderDelete(int ticket, color arrow_color = clrNONE);
bool OrderSelect(int index, int select, int pool = MODE_TRADES);
int OrdersTotal();
int OrdersHistoryTotal();
int OrderTicket();
string OrderSymbol();
int OrderType();
double OrderLots();
double OrderOpenPrice();
double OrderClosePrice();
datetime OrderOpenTime();
datetime OrderCloseTime();
datetime OrderExpiration();
double OrderStopLoss();
double OrderTakeProfit();
double OrderProfit();
double OrderCommission();
double OrderSwap();
int OrderMagicNumber();
string OrderComment();
#endif
