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
   bool              SendFrame(const int opcode, const uchar &payload[], const int len)
     {
      if(m_socket == INVALID_HANDLE)
         return false;
      int header = 2 + ((len > 125) ? ((len > 65535) ? 8 : 2) : 0);
      int total = header + 4 + len;
      uchar frame[];
      ArrayResize(frame, total);
      frame[0] = (uchar)(0x80 | (opcode & 0x0F));
      if(len <= 125)
         frame[1] = (uchar)(0x80 | len);
      else if(len <= 65535)
        {
         frame[1] = (uchar)(0x80 | 126);
         frame[2] = (uchar)((len >> 8) & 0xFF);
         frame[3] = (uchar)(len & 0xFF);
        }
      else
        {
         frame[1] = (uchar)(0x80 | 127);
         for(int i = 0; i < 8; i++)
            frame[2 + i] = (uchar)((i < 4) ? 0 : ((len >> (8 * (7 - i))) & 0xFF));
        }
      uchar mask[];
      SR_RandomBytes(mask, 4);
      for(int i = 0; i < 4; i++)
         frame[header + i] = mask[i];
      for(int i = 0; i < len; i++)
         frame[header + 4 + i] = (uchar)(payload[i] ^ mask[i % 4]);
      if(!SR_SockSend(m_socket, m_tls, frame, total))
        {
         Fail("the connection broke while sending", 0);
         return false;
        }
      return true;
     }
   // Ends the connection because the server broke the protocol.
   void              ProtocolError(const int closeCode, const string why)
     {
      uchar body[];
      ArrayResize(body, 2);
      body[0] = (uchar)((closeCode >> 8) & 0xFF);
      body[1] = (uchar)(closeCode & 0xFF);
      SendFrame(SR_WS_OP_CLOSE, body, 2);
      Fail(why, 0);
     }
   void              Deliver(void)
     {
      if(m_msgOpcode == SR_WS_OP_TEXT)
        {
         string text = (m_msgLen > 0) ? CharArrayToString(m_msg, 0, m_msgLen, CP_UTF8) : "";
         if(ArraySize(m_inbox) <= m_inboxHead + m_inboxCount)
            ArrayResize(m_inbox, m_inboxHead + m_inboxCount + 1, 16);
         m_inbox[m_inboxHead + m_inboxCount] = text;
         m_inboxCount++;
        }
      // Binary messages are not part of the protocol: ignored.
      m_msgLen = 0;
      m_inMessage = false;
     }
   void              AppendToMessage(const int start, const int len)
     {
      if(ArraySize(m_msg) < m_msgLen + len)
         ArrayResize(m_msg, m_msgLen + len, 4096);
      if(len > 0)
         ArrayCopy(m_msg, m_rx, m_msgLen, start, len);
      m_msgLen += len;
     }
   // Handles one complete frame whose payload is m_rx[start .. start+len).
   void              OnFrame(const bool fin, const int opcode, const int start, const int len)
     {
      if(opcode == SR_WS_OP_PING)
        {
         uchar body[];
         ArrayResize(body, len);
         if(len > 0)
            ArrayCopy(body, m_rx, 0, start, len);
         SendFrame(SR_WS_OP_PONG, body, len);
         return;
        }
      if(opcode == SR_WS_OP_PONG)
         return;
      if(opcode == SR_WS_OP_CLOSE)
        {
         int code = (len >= 2) ? ((int)m_rx[start] << 8) | (int)m_rx[start + 1] : 1005;
         string reason = (len > 2) ? CharArrayToString(m_rx, start + 2, len - 2, CP_UTF8) : "";
         m_closeCode = code;
         uchar body[];
         ArrayResize(body, 2);
         body[0] = (uchar)((code >> 8) & 0xFF);
         body[1] = (uchar)(code & 0xFF);
         SendFrame(SR_WS_OP_CLOSE, body, (code == 1005) ? 0 : 2);
         Fail("the server closed the connection (" + IntegerToString(code) + (reason != "" ? " " + reason : "") + ")", 0);
         return;
        }
      if(opcode == SR_WS_OP_TEXT || opcode == SR_WS_OP_BINARY)
        {
         if(m_inMessage)
           {
            ProtocolError(1002, "a new message started inside a fragmented one");
            return;
           }
         m_msgOpcode = opcode;
         m_msgLen = 0;
         m_inMessage = true;
        }
      else if(opcode == SR_WS_OP_CONTINUATION)
        {
         if(!m_inMessage)
           {
            ProtocolError(1002, "a continuation frame without a message");
            return;
           }
        }
      else
        {
         ProtocolError(1002, "unknown frame opcode " + IntegerToString(opcode));
         return;
        }
      if(m_msgLen + len > SR_WS_MAX_MESSAGE)
        {
         ProtocolError(1009, "a message larger than 64 KiB");
         return;
        }
      AppendToMessage(start, len);
      if(fin)
         Deliver();
     }
   // Drops the first `count` bytes of m_rx.
   void              Consume(const int count)
     {
      if(count <= 0)
         return;
      int rest = m_rxLen - count;
      if(rest > 0)
        {
         uchar tmp[];
         ArrayCopy(tmp, m_rx, 0, count, rest);
         ArrayCopy(m_rx, tmp, 0, 0, rest);
        }
      m_rxLen = (rest > 0) ? rest : 0;
     }
   // Parses every complete frame in m_rx; keeps a partial one for later.
   void              ParseFrames(void)
     {
      int pos = 0;
      while(m_state == SR_WS_OPEN)
        {
         int avail = m_rxLen - pos;
         if(avail < 2)
            break;
         int b0 = m_rx[pos];
         int b1 = m_rx[pos + 1];
         bool fin = (b0 & 0x80) != 0;
         int opcode = b0 & 0x0F;
         int len7 = b1 & 0x7F;
         int header = 2;
         long len = len7;
         if((b0 & 0x70) != 0)
           {
            ProtocolError(1002, "reserved bits set (no extension was negotiated)");
            return;
           }
         if((b1 & 0x80) != 0)
           {
            ProtocolError(1002, "the server masked a frame");
            return;
           }
         if(len7 == 126)
           {
            if(avail < 4)
               break;
            len = ((long)m_rx[pos + 2] << 8) | (long)m_rx[pos + 3];
            header = 4;
           }
         else if(len7 == 127)
           {
            if(avail < 10)
               break;
            len = 0;
            for(int i = 0; i < 8; i++)
               len = (len << 8) | (long)m_rx[pos + 2 + i];
            header = 10;
           }
         if(opcode >= 0x8 && (!fin || len > 125))
           {
            ProtocolError(1002, "an invalid control frame");
            return;
           }
         if(len < 0 || len > SR_WS_MAX_MESSAGE)
           {
            ProtocolError(1009, "a frame larger than 64 KiB");
            return;
           }
         if(avail < header + (int)len)
            break;   // the rest of this frame has not arrived yet
         OnFrame(fin, opcode, pos + header, (int)len);
         pos += header + (int)len;
        }
      Consume(pos);
     }
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

#endif
