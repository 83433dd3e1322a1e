// A test "EA" for the terminal layer (network/files/events tests): plain C++ against mql.h, so
// the layer is tested without the translator. `--input Scenario=<name>` picks what OnInit does;
// results go to the journal, which the test's fake host reads. C++ evaluates a call's arguments
// in no fixed order, so each result is taken before GetLastError() is printed.
#include "mql.h"

string Scenario = "";
string Url = "";     // http://127.0.0.1:<port> of the test's HTTP server
string TlsUrl = "";  // https://localhost:<port> of its HTTPS server
string Host = "";    // host and port of the HTTPS server, for the sockets
int Port = 0;
MQL_INPUT(Scenario);
MQL_INPUT(Url);
MQL_INPUT(TlsUrl);
MQL_INPUT(Host);
MQL_INPUT(Port);

namespace {

int timerCalls = 0, tickCalls = 0;
uint lastTimer = 0;

mql::Array<char> bytes(const string &text) {
  mql::Array<char> data;
  int n = StringToCharArray(text, data, 0, -1, CP_UTF8) - 1;
  ArrayResize(data, n > 0 ? n : 0);
  return data;
}

void request(const string &label, const string &method, const string &url, int timeout) {
  mql::Array<char> result;
  string headers;
  ResetLastError();
  int status = WebRequest(method, url, "Content-Type: application/json\r\nX-Probe: yes\r\n", timeout,
                          bytes("{\"probe\":1}"), result, headers);
  Print(label, " ", status, " ", GetLastError(), " ", CharArrayToString(result, 0, ArraySize(result), CP_UTF8),
        StringFind(headers, "X-Answer: 42") >= 0 ? " header" : "");
}

void webRequests() {
  request("post", "POST", Url + "/echo", 5000);
  request("chunked", "GET", Url + "/chunked", 5000);
  request("status", "GET", Url + "/teapot", 5000);
  request("denied", "GET", "http://127.0.0.2:1/echo", 5000);
  request("invalid", "GET", "ftp://127.0.0.1/x", 5000);
  request("refused", "GET", "http://127.0.0.1:9/x", 5000);
  request("timeout", "GET", Url + "/slow", 300);
  request("https", "GET", TlsUrl + "/echo", 5000);
}

void tlsSocket() {
  int h = SocketCreate();
  ResetLastError();
  bool connected = SocketConnect(h, Host, Port, 3000);
  bool shaken = connected && SocketTlsHandshake(h, Host);
  Print("handshake ", connected, " ", shaken, " ", GetLastError());
  string subject, issuer, serial, thumbprint;
  datetime expiration;
  if (SocketTlsCertificate(h, subject, issuer, serial, thumbprint, expiration))
    Print("certificate ", subject, " ", StringLen(thumbprint), " ", expiration > TimeGMT());
  if (shaken) {
    mql::Array<uchar> get;
    StringToCharArray("GET /tls HTTP/1.1\r\nHost: " + Host + "\r\nConnection: close\r\n\r\n", get, 0, -1, CP_UTF8);
    Print("sent ", SocketTlsSend(h, get, ArraySize(get) - 1));
    string reply = "";
    uint until = GetTickCount() + 3000;
    while (GetTickCount() < until && StringFind(reply, "tls-ok") < 0) {
      mql::Array<uchar> chunk;
      int n = SocketTlsReadAvailable(h, chunk, 4096);
      if (n > 0) reply += CharArrayToString(chunk, 0, n, CP_UTF8);
      if (n < 0) break;
    }
    Print("reply ", StringSubstr(reply, 0, 15), " ", StringFind(reply, "tls-ok") >= 0);
  }
  SocketClose(h);
  int other = SocketCreate();
  ResetLastError();
  bool otherConnected = SocketConnect(other, "127.0.0.2", Port, 1000);
  Print("not allowed ", otherConnected, " ", GetLastError());
  SocketClose(other);
  ResetLastError();
  bool closedConnected = SocketIsConnected(h);
  Print("closed handle ", closedConnected, " ", GetLastError());
}

void plainSocket() {
  int h = SocketCreate();
  bool connected = SocketConnect(h, "127.0.0.1", Port, 3000);
  mql::Array<uchar> get;
  StringToCharArray("GET /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", get, 0, -1, CP_UTF8);
  int sent = SocketSend(h, get, ArraySize(get) - 1);
  mql::Array<uchar> buf;
  int got = SocketRead(h, buf, 12, 3000);
  Print("plain ", connected, " ", sent, " ", CharArrayToString(buf, 0, got, CP_UTF8));
  mql::Array<uchar> rest;
  int late = SocketRead(h, rest, 4096, 2000);
  while (late > 0) late = SocketRead(h, rest, 4096, 2000);
  Print("drained ", late, " ", SocketIsConnected(h));
  SocketClose(h);
}

void lines(const string &file) {
  int h = FileOpen(file, FILE_READ | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
  while (!FileIsEnding(h)) Print("line ", FileReadString(h));
  FileClose(h);
}

void files() {
  Print("folder ", FolderCreate("probe"));
  int h = FileOpen("probe\\a.txt", FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  FileWriteString(h, "one\r\n");
  FileWriteString(h, "zwei \xC3\xBC\r\n");
  FileClose(h);
  h = FileOpen("probe\\a.txt", FILE_READ | FILE_WRITE | FILE_TXT | FILE_ANSI | FILE_SHARE_READ, '\t', CP_UTF8);
  FileSeek(h, 0, SEEK_END);
  FileWriteString(h, "three\r\n");
  FileClose(h);
  lines("probe\\a.txt");
  int exclusive = FileOpen("probe\\a.txt", FILE_READ | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  ResetLastError();
  int shared = FileOpen("probe\\a.txt", FILE_READ | FILE_SHARE_READ | FILE_TXT, '\t', CP_UTF8);
  Print("shared while exclusive ", shared, " ", GetLastError());
  FileClose(exclusive);
  int r1 = FileOpen("probe\\a.txt", FILE_READ | FILE_SHARE_READ | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  int r2 = FileOpen("probe\\a.txt", FILE_READ | FILE_SHARE_READ | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  ResetLastError();
  int w = FileOpen("probe\\a.txt", FILE_WRITE | FILE_SHARE_READ | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  Print("two readers ", r1 > 0 && r2 > 0, " writer ", w, " ", GetLastError());
  FileClose(r1);
  FileClose(r2);
  ResetLastError();
  int escape = FileOpen("..\\escape.txt", FILE_WRITE | FILE_TXT, '\t', CP_UTF8);
  Print("escape ", escape, " ", GetLastError());
  ResetLastError();
  int absolute = FileOpen("/etc/hostname", FILE_READ | FILE_TXT, '\t', CP_UTF8);
  Print("absolute ", absolute, " ", GetLastError());
  bool moved = FileMove("probe\\a.txt", 0, "probe\\b.txt", 0);
  bool aExists = FileIsExist("probe\\a.txt");
  Print("move ", moved, " ", aExists, " ", FileIsExist("probe\\b.txt"));
  FileClose(FileOpen("probe\\a.txt", FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8));
  ResetLastError();
  bool replaced = FileMove("probe\\a.txt", 0, "probe\\b.txt", 0);
  Print("no rewrite ", replaced, " ", GetLastError());
  Print("rewrite ", FileMove("probe\\a.txt", 0, "probe\\b.txt", FILE_REWRITE));
  h = FileOpen("probe\\u.txt", FILE_WRITE | FILE_TXT, '\t', CP_ACP);
  FileWriteString(h, "hi\r\n");
  FileClose(h);
  h = FileOpen("probe\\u.txt", FILE_READ | FILE_TXT, '\t', CP_ACP);
  Print("unicode ", FileReadString(h));
  FileClose(h);
  h = FileOpen("made\\on\\write.txt", FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
  Print("folders made ", h > 0);
  FileClose(h);
  h = FileOpen("common.txt", FILE_WRITE | FILE_TXT | FILE_ANSI | FILE_COMMON, '\t', CP_UTF8);
  FileWriteString(h, "shared by terminals");
  FileClose(h);
}

}  // namespace

int OnInit() {
  Print("scenario ", Scenario);
  if (Scenario == "webrequest") webRequests();
  if (Scenario == "tls") tlsSocket();
  if (Scenario == "plain") plainSocket();
  if (Scenario == "files") files();
  if (Scenario == "hold") {
    int h = FileOpen("held.txt", FILE_READ | FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
    Print("holding ", h > 0);
  }
  if (Scenario == "contend") {
    ResetLastError();
    int h = FileOpen("held.txt", FILE_READ | FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_TXT, '\t', CP_UTF8);
    Print("contend ", h, " ", GetLastError());
  }
  if (Scenario == "diskfull") {
    int h = FileOpen("probe\\full.txt", FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
    ResetLastError();
    uint written = FileWriteString(h, "lost\r\n");
    Print("full disk ", h > 0, " ", written, " ", GetLastError());
    FileClose(h);
  }
  if (Scenario == "timer") EventSetMillisecondTimer(20);
  if (Scenario == "calls") {
    long digits = 0;
    double bid = SymbolInfoDouble("EURUSD", SYMBOL_BID);
    bool found = SymbolInfoInteger("EURUSD", SYMBOL_DIGITS, digits);
    Print("bid ", bid, " digits ", found, " ", digits);
    MqlTradeRequest req;
    req.action = TRADE_ACTION_DEAL;
    req.symbol = "EURUSD";
    req.volume = 0.1;
    req.type = ORDER_TYPE_SELL;
    req.type_filling = ORDER_FILLING_IOC;
    MqlTradeResult res;
    ResetLastError();
    bool sent = OrderSend(req, res);
    Print("send ", sent, " ", res.retcode, " ", res.order, " ", res.comment, " ", GetLastError());
    Print("after ", AccountInfoString(ACCOUNT_SERVER));
  }
  Print("ready");
  return Scenario == "refuse" ? INIT_PARAMETERS_INCORRECT : INIT_SUCCEEDED;
}

void OnDeinit(const int reason) { Print("deinit ", reason, " timer ", timerCalls, " ticks ", tickCalls); }

// Slow handlers: each runs 100 ms (timer) or 200 ms (tick) while events keep coming.
void OnTimer() {
  uint now = GetTickCount();
  if (timerCalls > 0) Print("gap ", now - lastTimer);
  lastTimer = now;
  if (++timerCalls == 5) {
    EventKillTimer();
    Print("timer killed");
  }
  while (GetTickCount() - now < 100) {
  }
}

void OnTick() {
  uint now = GetTickCount();
  tickCalls++;
  Print("tick ", tickCalls);
  while (GetTickCount() - now < 200) {
  }
}

void OnTradeTransaction(const MqlTradeTransaction &trans, const MqlTradeRequest &request, const MqlTradeResult &result) {
  Print("transaction ", (int)trans.type, " ", trans.symbol, " ", (int)trans.order_type, " ", (int)request.action, " ",
        result.retcode);
}
