//+------------------------------------------------------------------+
//| Http.mqh - the server URL, WebRequest JSON POSTs, and what their |
//| failures mean for a trader. WebRequest blocks the EA thread for  |
//| the whole request: callers keep the server's hold short (waitMs) |
//| and never call it with work waiting.                             |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_HTTP_MQH
#define SIGNALRELAY_HTTP_MQH

#include <SignalRelay\Json.mqh>

// Removes leading and trailing blanks in place (StringTrimLeft/Right
// differ between MQL4 and MQL5, so this is written out).
void SR_TrimSpaces(string &s)
  {
   int len = StringLen(s);
   int start = 0;
   while(start < len && StringGetCharacter(s, start) <= ' ')
      start++;
   int end = len;
   while(end > start && StringGetCharacter(s, end - 1) <= ' ')
      end--;
   s = StringSubstr(s, start, end - start);
  }

// The terminal refuses addresses missing from its allow list with one of
// these (MT5 reports 4014, MT4 4060).
bool SR_IsUrlNotAllowed(const int err)
  {
   return err == 4014 || err == 4060;
  }

string SR_UrlNotAllowedText(const string baseUrl)
  {
   return baseUrl + " is not in the terminal's allowed URLs. Open Tools > Options > Expert Advisors, tick " +
          "'Allow WebRequest for listed URL', add " + baseUrl + " and press OK";
  }

// Splits http(s)://host[:port][/path] (ws/wss too). The base URL keeps
// scheme, host and port, without a trailing slash.
bool SR_ParseUrl(const string url, bool &tls, string &host, int &port, string &base)
  {
   string u = url;
   SR_TrimSpaces(u);
   string lower = u;
   StringToLower(lower);
   int rest;
   if(StringFind(lower, "https://") == 0 || StringFind(lower, "wss://") == 0)
      tls = true;
   else if(StringFind(lower, "http://") == 0 || StringFind(lower, "ws://") == 0)
      tls = false;
   else
      return false;
   rest = StringFind(u, "://") + 3;
   int slash = StringFind(u, "/", rest);
   string authority = (slash < 0) ? StringSubstr(u, rest) : StringSubstr(u, rest, slash - rest);
   int colon = StringFind(authority, ":");
   port = tls ? 443 : 80;
   host = authority;
   if(colon >= 0)
     {
      host = StringSubstr(authority, 0, colon);
      port = (int)StringToInteger(StringSubstr(authority, colon + 1));
     }
   if(host == "" || port <= 0 || port > 65535)
      return false;
   bool defaultPort = (tls && port == 443) || (!tls && port == 80);
   base = (tls ? "https://" : "http://") + host + (defaultPort ? "" : ":" + IntegerToString(port));
   return true;
  }

// POSTs a JSON body. Returns the HTTP status, or -1 with `err` (the
// terminal's error code) when no answer came back.
int SR_HttpPostJson(const string url, const string body, const int timeoutMs, string &reply, string &headers, int &err)
  {
   char data[];
   int n = StringToCharArray(body, data, 0, WHOLE_ARRAY, CP_UTF8) - 1;
   ArrayResize(data, n > 0 ? n : 0);   // without the terminating zero
   char result[];
   headers = "";
   ResetLastError();
   int status = WebRequest("POST", url, "Content-Type: application/json\r\nAccept: application/json\r\n",
                           timeoutMs, data, result, headers);
   err = (status == -1) ? GetLastError() : 0;
   reply = (ArraySize(result) > 0) ? CharArrayToString(result, 0, ArraySize(result), CP_UTF8) : "";
   return status;
  }

// Seconds from a Retry-After header, or 0.
int SR_RetryAfterSeconds(const string headers)
  {
   string lower = headers;
   StringToLower(lower);
   int at = StringFind(lower, "retry-after:");
   if(at < 0)
      return 0;
   return (int)StringToInteger(StringSubstr(headers, at + 12, 12));
  }

// What went wrong with a request, in words for the journal.
string SR_HttpProblem(const int status, const int err, const string reply, const string baseUrl)
  {
   if(status == -1)
     {
      if(SR_IsUrlNotAllowed(err))
         return SR_UrlNotAllowedText(baseUrl);
      if(err == 5200)
         return "invalid server URL " + baseUrl + ": check the ServerUrl input";
      if(err == 5201)
         return "cannot connect to " + baseUrl + ": check the internet connection and firewall";
      if(err == 5202)
         return "the request to " + baseUrl + " timed out";
      if(err == 5203)
         return "the HTTP request to " + baseUrl + " failed";
      return "network error " + IntegerToString(err) + " talking to " + baseUrl;
     }
   if(status == 401)
      return "the license number was not accepted: copy it again from the dashboard into the EA's LicenseNumber input";
   string message = "";
   CJsonDoc doc;
   if(reply != "" && doc.Parse(reply))
      message = doc.GetString(doc.Root(), "message");
   if(status == 409 && message != "")
      return message;   // EXECUTOR_TAKEN: says which chart trades the account
   if(status == 429)
      return "too many requests: the server asked to slow down" + (message != "" ? " (" + message + ")" : "");
   if(status >= 500)
      return "the server is unavailable (HTTP " + IntegerToString(status) + "), retrying";
   return "HTTP " + IntegerToString(status) + (message != "" ? ": " + message : "");
  }

#endif
