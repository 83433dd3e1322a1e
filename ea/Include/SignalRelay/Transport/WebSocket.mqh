//+------------------------------------------------------------------+
//| WebSocket.mqh - an RFC 6455 client over the platform sockets     |
//| (SR_Sock* in Platform.mqh), driven from OnTimer without ever     |
//| blocking on a read:                                              |
//|  - the upgrade answer must be "101" with the Sec-WebSocket-Accept |
//|    computed from our key;                                        |
//|  - frames may arrive split across reads or several per read, and |
//|    messages split across frames (continuation frames);           |
//|  - every frame we send is masked with fresh random bytes;        |
//|  - pings are answered with pongs, a close with a close.          |
//| Opening blocks once, for the TCP connect and TLS handshake.      |
//| Frames are encoded and decoded in WebSocketFrames.mqh.           |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_WEBSOCKET_MQH
#define SIGNALRELAY_WEBSOCKET_MQH

#include <SignalRelay\Platform.mqh>
#include <SignalRelay\Crypto.mqh>
#include <SignalRelay\Transport\Http.mqh>
#include <SignalRelay\Transport\Backoff.mqh>

#define SR_WS_CLOSED    0
#define SR_WS_UPGRADING 1   // upgrade request sent, waiting for "101"
#define SR_WS_OPEN      2

#define SR_WS_MAX_MESSAGE    65536
#define SR_WS_MAX_HEADER     8192
#define SR_WS_UPGRADE_MS     10000
#define SR_WS_READ_CHUNK     16384
#define SR_WS_GUID           "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

#define SR_WS_OP_CONTINUATION 0x0
#define SR_WS_OP_TEXT         0x1
#define SR_WS_OP_BINARY       0x2
#define SR_WS_OP_CLOSE        0x8
#define SR_WS_OP_PING         0x9
#define SR_WS_OP_PONG         0xA

class CWebSocket
  {
private:
   int               m_socket;
   bool              m_tls;
   int               m_state;
   string            m_expectedAccept;
   uint              m_upgradeDeadline;
   uchar             m_rx[];
   int               m_rxLen;
   uchar             m_msg[];
   int               m_msgLen;
   int               m_msgOpcode;
   bool              m_inMessage;
   string            m_inbox[];
   int               m_inboxHead;
   int               m_inboxCount;
   string            m_error;
   int               m_errorCode;
   int               m_closeCode;

   void              Fail(const string why, const int code)
     {
      if(m_error == "")
        {
         m_error = why;
         m_errorCode = code;
        }
      SR_SockClose(m_socket);
      m_socket = INVALID_HANDLE;
      m_state = SR_WS_CLOSED;
     }
   // Frames (bodies in WebSocketFrames.mqh).
   bool              SendFrame(const int opcode, const uchar &payload[], const int len);
   void              ProtocolError(const int closeCode, const string why);
   void              Deliver(void);
   void              AppendToMessage(const int start, const int len);
   void              OnFrame(const bool fin, const int opcode, const int start, const int len);
   void              Consume(const int count);
   void              ParseFrames(void);
   // Waits (across timer ticks) for the end of the upgrade answer and checks it.
   void              ParseUpgrade(void)
     {
      int end = -1;
      for(int i = 3; i < m_rxLen; i++)
         if(m_rx[i] == '\n' && m_rx[i - 1] == '\r' && m_rx[i - 2] == '\n' && m_rx[i - 3] == '\r')
           {
            end = i + 1;
            break;
           }
      if(end < 0)
        {
         if(m_rxLen > SR_WS_MAX_HEADER)
            Fail("the upgrade answer is too long", 0);
         else if(SR_TickReached(m_upgradeDeadline))
            Fail("no answer to the WebSocket upgrade within 10 s", 0);
         return;
        }
      string head = CharArrayToString(m_rx, 0, end, CP_ACP);
      string lines[];
      int n = StringSplit(head, '\n', lines);
      string status = (n > 0) ? lines[0] : "";
      SR_TrimSpaces(status);
      if(StringFind(status, "HTTP/1.1 101") != 0)
        {
         Fail("the server refused the WebSocket upgrade: " + status, 0);
         return;
        }
      string accept = "";
      for(int i = 1; i < n; i++)
        {
         string line = lines[i];
         SR_TrimSpaces(line);
         int colon = StringFind(line, ":");
         if(colon <= 0)
            continue;
         string name = StringSubstr(line, 0, colon);
         StringToLower(name);
         if(name != "sec-websocket-accept")
            continue;
         accept = StringSubstr(line, colon + 1);
         SR_TrimSpaces(accept);
        }
      if(accept != m_expectedAccept)
        {
         Fail("the server's Sec-WebSocket-Accept does not match our key (a proxy in the way?)", 0);
         return;
        }
      m_state = SR_WS_OPEN;
      // Frames may follow the 101 in the same read.
      Consume(end);
      ParseFrames();
     }

public:
                     CWebSocket(void) : m_socket(INVALID_HANDLE), m_tls(false), m_state(SR_WS_CLOSED), m_rxLen(0),
                     m_msgLen(0), m_msgOpcode(0), m_inMessage(false), m_inboxHead(0), m_inboxCount(0),
                     m_errorCode(0), m_closeCode(0) {}
                    ~CWebSocket(void) { SR_SockClose(m_socket); }

   int               State(void) const { return m_state; }
   bool              IsOpen(void) const { return m_state == SR_WS_OPEN; }
   string            Error(void) const { return m_error; }
   int               ErrorCode(void) const { return m_errorCode; }
   int               CloseCode(void) const { return m_closeCode; }

   // Sends a close frame (best effort) and drops the connection at once:
   // waiting for the server's echo would stall the EA.
   void              Close(const int code)
     {
      if(m_state == SR_WS_OPEN)
        {
         uchar body[];
         ArrayResize(body, 2);
         body[0] = (uchar)((code >> 8) & 0xFF);
         body[1] = (uchar)(code & 0xFF);
         SendFrame(SR_WS_OP_CLOSE, body, 2);
        }
      SR_SockClose(m_socket);
      m_socket = INVALID_HANDLE;
      m_state = SR_WS_CLOSED;
     }
   // Gives up on a connection that still looks open (no welcome, no pongs),
   // recording why.
   void              Abandon(const int code, const string why)
     {
      Close(code);
      if(m_error == "")
         m_error = why;
     }

   // Connects and sends the upgrade request. Blocks for the TCP connect and
   // the TLS handshake (at most about `timeoutMs` each); the answer is read
   // by Service().
   bool              Open(const string host, const int port, const bool tls, const string path, const uint timeoutMs)
     {
      Close(1000);
      m_error = "";
      m_errorCode = 0;
      m_closeCode = 0;
      m_rxLen = 0;
      m_msgLen = 0;
      m_inMessage = false;
      m_inboxHead = 0;
      m_inboxCount = 0;
      m_tls = tls;
      int code = 0;
      string why = "";
      m_socket = SR_SockOpen(host, port, tls, timeoutMs, code, why);
      if(m_socket == INVALID_HANDLE)
        {
         m_error = why;
         m_errorCode = code;
         return false;
        }
      uchar nonce[];
      SR_RandomBytes(nonce, 16);
      string key = SR_Base64(nonce);
      m_expectedAccept = SR_Sha1Base64(key + SR_WS_GUID);
      bool defaultPort = (tls && port == 443) || (!tls && port == 80);
      string request = "GET " + path + " HTTP/1.1\r\n" +
                       "Host: " + host + (defaultPort ? "" : ":" + IntegerToString(port)) + "\r\n" +
                       "Upgrade: websocket\r\n" +
                       "Connection: Upgrade\r\n" +
                       "Sec-WebSocket-Key: " + key + "\r\n" +
                       "Sec-WebSocket-Version: 13\r\n" +
                       "User-Agent: SignalRelay-EA/" + SR_EA_VERSION + "\r\n\r\n";
      uchar bytes[];
      int n = StringToCharArray(request, bytes, 0, WHOLE_ARRAY, CP_ACP) - 1;
      if(key == "" || m_expectedAccept == "" || n <= 0 || !SR_SockSend(m_socket, m_tls, bytes, n))
        {
         Fail("could not send the WebSocket upgrade request", 0);
         return false;
        }
      m_state = SR_WS_UPGRADING;
      m_upgradeDeadline = GetTickCount() + SR_WS_UPGRADE_MS;
      return true;
     }

   // Reads whatever has arrived and parses it. Call from every timer tick.
   // Returns false once the connection is closed (see Error()).
   bool              Service(void)
     {
      if(m_state == SR_WS_CLOSED)
         return false;
      for(int pass = 0; pass < 16; pass++)
        {
         uchar chunk[];
         int got = SR_SockRead(m_socket, m_tls, chunk, SR_WS_READ_CHUNK);
         if(got < 0)
           {
            Fail("the connection was lost", 0);
            return false;
           }
         if(got == 0)
            break;
         if(ArraySize(m_rx) < m_rxLen + got)
            ArrayResize(m_rx, m_rxLen + got, SR_WS_READ_CHUNK);
         ArrayCopy(m_rx, chunk, m_rxLen, 0, got);
         m_rxLen += got;
         if(got < SR_WS_READ_CHUNK)
            break;
        }
      if(m_state == SR_WS_UPGRADING)
         ParseUpgrade();
      else if(m_state == SR_WS_OPEN)
         ParseFrames();
      return m_state != SR_WS_CLOSED;
     }

   // The next complete text message, oldest first.
   bool              NextMessage(string &text)
     {
      if(m_inboxCount == 0)
        {
         m_inboxHead = 0;
         return false;
        }
      text = m_inbox[m_inboxHead];
      m_inbox[m_inboxHead] = "";
      m_inboxHead++;
      m_inboxCount--;
      return true;
     }

   bool              SendText(const string text)
     {
      if(m_state != SR_WS_OPEN)
         return false;
      uchar bytes[];
      int n = StringToCharArray(text, bytes, 0, WHOLE_ARRAY, CP_UTF8) - 1;
      if(n < 0)
         n = 0;
      return SendFrame(SR_WS_OP_TEXT, bytes, n);
     }

  };

// The frame codec's bodies, declared above.
#include <SignalRelay\Transport\WebSocketFrames.mqh>

#endif
