//+------------------------------------------------------------------+
//| JsonString.mqh - CJsonDoc's string reader: a quoted string and   |
//| its escapes (\u sequences included) into an MQL string. Part of  |
//| the parser (JsonParse.mqh); included by Json.mqh after the       |
//| class, not on its own.                                           |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_JSONSTRING_MQH
#define SIGNALRELAY_JSONSTRING_MQH

int CJsonDoc::HexDigit(const ushort c) const
  {
   if(c >= '0' && c <= '9')
      return c - '0';
   if(c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if(c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
  }

bool CJsonDoc::ParseString(string &out)
  {
   // m_pos is on the opening quote.
   m_pos++;
   out = "";
   int runStart = m_pos;
   while(m_pos < m_len)
     {
      ushort c = StringGetCharacter(m_text, m_pos);
      if(c == '"')
        {
         if(m_pos > runStart)
            out += StringSubstr(m_text, runStart, m_pos - runStart);
         m_pos++;
         return true;
        }
      if(c < 0x20)
         return Fail("control character in string");
      if(c != '\\')
        {
         m_pos++;
         continue;
        }
      if(m_pos > runStart)
         out += StringSubstr(m_text, runStart, m_pos - runStart);
      m_pos++;
      if(m_pos >= m_len)
         break;
      ushort e = StringGetCharacter(m_text, m_pos);
      m_pos++;
      if(e == '"' || e == '\\' || e == '/')
         out += ShortToString(e);
      else if(e == 'n')
         out += "\n";
      else if(e == 'r')
         out += "\r";
      else if(e == 't')
         out += "\t";
      else if(e == 'b')
         out += ShortToString(8);
      else if(e == 'f')
         out += ShortToString(12);
      else if(e == 'u')
        {
         if(m_pos + 4 > m_len)
            return Fail("short \\u escape");
         int code = 0;
         for(int k = 0; k < 4; k++)
           {
            int d = HexDigit(StringGetCharacter(m_text, m_pos + k));
            if(d < 0)
               return Fail("bad \\u escape");
            code = code * 16 + d;
           }
         m_pos += 4;
         // MQL strings are UTF-16, so surrogate pairs combine by themselves.
         if(code > 0)
            out += ShortToString((ushort)code);
        }
      else
         return Fail("bad escape");
      runStart = m_pos;
     }
   return Fail("unterminated string");
  }

#endif
