//+------------------------------------------------------------------+
//| Mt4Net.mqh - MT4 adapter: MT4 has no socket functions (every     |
//| socket library for it is a DLL), so the relay uses the HTTPS     |
//| long-poll there. These keep the shared WebSocket code compiling. |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT4_NET_MQH
#define SIGNALRELAY_MT4_NET_MQH

bool SR_SocketsAvailable(void)
  {
   return false;
  }

int SR_SockOpen(const string host, const int port, const bool tls, const uint timeoutMs, int &errCode, string &why)
  {
   errCode = 0;
   why = "MetaTrader 4 has no sockets";
   return INVALID_HANDLE;
  }

bool SR_SockSend(const int h, const bool tls, const uchar &data[], const int len)
  {
   return false;
  }

int SR_SockRead(const int h, const bool tls, uchar &buf[], const int maxlen)
  {
   return -1;
  }

void SR_SockClose(const int h)
  {
  }

#endif
