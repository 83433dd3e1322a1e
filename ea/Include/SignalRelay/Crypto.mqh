//+------------------------------------------------------------------+
//| Crypto.mqh - hashes, base64 and unpredictable bytes for the      |
//| WebSocket handshake key and frame masks (MathRand alone is only  |
//| 15 bits and guessable; RFC 6455 wants unpredictable masks).      |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_CRYPTO_MQH
#define SIGNALRELAY_CRYPTO_MQH

uchar g_srRandPool[];
ulong g_srRandCounter = 0;

// Appends the 8 bytes of `value` (little-endian) to `buf`.
void SR_AppendLong(uchar &buf[], const ulong value)
  {
   int n = ArraySize(buf);
   ArrayResize(buf, n + 8);
   for(int i = 0; i < 8; i++)
      buf[n + i] = (uchar)((value >> (8 * i)) & 0xFF);
  }

// Fills `out` with `count` bytes from a SHA-256 chain over the previous
// pool, a counter and the microsecond clock.
void SR_RandomBytes(uchar &out[], const int count)
  {
   ArrayResize(out, count);
   uchar key[];
   int filled = 0;
   while(filled < count)
     {
      uchar seed[];
      ArrayCopy(seed, g_srRandPool);
      g_srRandCounter++;
      SR_AppendLong(seed, g_srRandCounter);
      SR_AppendLong(seed, GetMicrosecondCount());
      SR_AppendLong(seed, (ulong)TimeLocal());
      SR_AppendLong(seed, ((ulong)MathRand() << 15) | (ulong)MathRand());
      uchar digest[];
      if(CryptEncode(CRYPT_HASH_SHA256, seed, key, digest) < 32)
        {
         // Never expected; keep going with the weaker source rather than stall.
         ArrayResize(digest, 32);
         for(int i = 0; i < 32; i++)
            digest[i] = (uchar)(MathRand() & 0xFF);
        }
      ArrayCopy(g_srRandPool, digest);
      // Hand out only half of each digest; the other half stays secret in the pool.
      for(int i = 0; i < 16 && filled < count; i++)
         out[filled++] = digest[16 + i];
     }
  }

string SR_Base64(const uchar &data[])
  {
   uchar key[];
   uchar encoded[];
   if(CryptEncode(CRYPT_BASE64, data, key, encoded) <= 0)
      return "";
   return CharArrayToString(encoded, 0, ArraySize(encoded), CP_ACP);
  }

// base64(SHA-1(text)) of the ASCII text, as RFC 6455 computes Sec-WebSocket-Accept.
string SR_Sha1Base64(const string text)
  {
   uchar data[];
   int n = StringToCharArray(text, data, 0, WHOLE_ARRAY, CP_ACP) - 1;
   if(n < 0)
      n = 0;
   ArrayResize(data, n);   // drop the terminating zero: it is not part of the text
   uchar key[];
   uchar digest[];
   if(CryptEncode(CRYPT_HASH_SHA1, data, key, digest) != 20)
      return "";
   return SR_Base64(digest);
  }

#endif
