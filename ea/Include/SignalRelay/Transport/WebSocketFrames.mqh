//+------------------------------------------------------------------+
//| WebSocketFrames.mqh - CWebSocket's frame codec: our frames       |
//| encoded and masked, the server's frames decoded from the read    |
//| buffer (partial, several per read, fragmented messages), control |
//| frames answered, whole text messages queued for NextMessage().   |
//| Separate from WebSocket.mqh so the connection (there: handshake, |
//| reads, state) reads at a glance; included by it after the class, |
//| not on its own.                                                  |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_WEBSOCKETFRAMES_MQH
#define SIGNALRELAY_WEBSOCKETFRAMES_MQH

bool CWebSocket::SendFrame(const int opcode, const uchar &payload[], const int len)
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
void CWebSocket::ProtocolError(const int closeCode, const string why)
  {
   uchar body[];
   ArrayResize(body, 2);
   body[0] = (uchar)((closeCode >> 8) & 0xFF);
   body[1] = (uchar)(closeCode & 0xFF);
   SendFrame(SR_WS_OP_CLOSE, body, 2);
   Fail(why, 0);
  }

void CWebSocket::Deliver(void)
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

void CWebSocket::AppendToMessage(const int start, const int len)
  {
   if(ArraySize(m_msg) < m_msgLen + len)
      ArrayResize(m_msg, m_msgLen + len, 4096);
   if(len > 0)
      ArrayCopy(m_msg, m_rx, m_msgLen, start, len);
   m_msgLen += len;
  }

// Handles one complete frame whose payload is m_rx[start .. start+len).
void CWebSocket::OnFrame(const bool fin, const int opcode, const int start, const int len)
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
void CWebSocket::Consume(const int count)
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
void CWebSocket::ParseFrames(void)
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

#endif
