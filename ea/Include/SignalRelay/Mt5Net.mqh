//+------------------------------------------------------------------+
//| Mt5Net.mqh - MT5 adapter: TCP/TLS sockets for the WebSocket.     |
//| Every read here returns at once: TLS through                     |
//| SocketTlsReadAvailable, plain TCP through SocketIsReadable then  |
//| SocketRead with a 1 ms timeout (0 would mean 120 s).             |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_MT5_NET_MQH
#define SIGNALRELAY_MT5_NET_MQH

// Sockets do not run in the Strategy Tester.
bool SR_SocketsAvailable(void)
  {
   return !MQLInfoInteger(MQL_TESTER);
  }

// Connects to host:port (with TLS when `tls`); blocks for at most
// `timeoutMs`. Returns the handle, or INVALID_HANDLE with `errCode`/`why`.
int SR_SockOpen(const string host, const int port, const bool tls, const uint timeoutMs, int &errCode, string &why)
  {
   ResetLastError();
   int h = SocketCreate();
   if(h == INVALID_HANDLE)
     {
      errCode = GetLastError();
      why = "cannot create a socket (error " + IntegerToString(errCode) + ")";
      return INVALID_HANDLE;
     }
   ResetLastError();
   if(!SocketConnect(h, host, (uint)port, timeoutMs))
     {
      errCode = GetLastError();
      why = "cannot connect to " + host + ":" + IntegerToString(port) + " (error " + IntegerToString(errCode) + ")";
      SocketClose(h);
      return INVALID_HANDLE;
     }
   // Sends must not hang the EA thread for long either.
   SocketTimeouts(h, timeoutMs, timeoutMs);
   if(tls)
     {
      // On port 443 the terminal negotiates TLS by itself; anywhere else
      // (or if it did not) the handshake is explicit.
      string subject, issuer, serial, thumbprint;
      datetime expiration;
      ResetLastError();
      if(!SocketTlsCertificate(h, subject, issuer, serial, thumbprint, expiration))
        {
         ResetLastError();
         if(!SocketTlsHandshake(h, host))
           {
            errCode = GetLastError();
            why = "TLS handshake with " + host + " failed (error " + IntegerToString(errCode) + ")";
            SocketClose(h);
            return INVALID_HANDLE;
           }
        }
     }
   errCode = 0;
   why = "";
   return h;
  }

// Sends all `len` bytes; false when the connection broke.
bool SR_SockSend(const int h, const bool tls, const uchar &data[], const int len)
  {
   uchar rest[];
   ArrayCopy(rest, data, 0, 0, len);
   int left = len;
   for(int guard = 0; left > 0 && guard < 64; guard++)
     {
      ResetLastError();
      int sent = tls ? SocketTlsSend(h, rest, (uint)left) : SocketSend(h, rest, (uint)left);
      if(sent <= 0)
         return false;
      left -= sent;
      if(left > 0)
        {
         uchar tail[];
         ArrayCopy(tail, rest, 0, sent, left);
         ArrayFree(rest);
         ArrayCopy(rest, tail, 0, 0, left);
        }
     }
   return left == 0;
  }

// Reads what has arrived, without waiting, into `buf` (resized to the
// count). Returns the count, 0 when nothing is there, -1 when broken.
int SR_SockRead(const int h, const bool tls, uchar &buf[], const int maxlen)
  {
   ArrayFree(buf);
   ResetLastError();
   if(tls)
     {
      int got = SocketTlsReadAvailable(h, buf, (uint)maxlen);
      if(got < 0)
         return -1;
      if(got == 0 && !SocketIsConnected(h))
         return -1;
      return got;
     }
   uint avail = SocketIsReadable(h);
   if(avail == 0)
      return SocketIsConnected(h) ? 0 : -1;
   uint want = (avail < (uint)maxlen) ? avail : (uint)maxlen;
   // SocketIsReadable may report a byte that is not there yet; the 1 ms
   // timeout keeps that harmless.
   int got = SocketRead(h, buf, want, 1);
   if(got < 0)
      // A timeout also returns -1: only a dropped connection counts as broken.
      return SocketIsConnected(h) ? 0 : -1;
   return got;
  }

void SR_SockClose(const int h)
  {
   if(h != INVALID_HANDLE)
      SocketClose(h);
  }

#endif
