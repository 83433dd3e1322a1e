//+------------------------------------------------------------------+
//| JsonParse.mqh - CJsonDoc's parser: numbers, literals, objects    |
//| and arrays (at most SR_JSON_MAX_DEPTH deep) read into the        |
//| document's flat node arrays; strings in JsonString.mqh. Separate |
//| from Json.mqh so the writer and the accessors (there) read at a  |
//| glance; included by it after the class, not on its own.          |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_JSONPARSE_MQH
#define SIGNALRELAY_JSONPARSE_MQH

void CJsonDoc::SkipSpace(void)
  {
   while(m_pos < m_len)
     {
      ushort c = StringGetCharacter(m_text, m_pos);
      if(c != ' ' && c != '\t' && c != '\n' && c != '\r')
         break;
      m_pos++;
     }
  }

bool CJsonDoc::Fail(const string what)
  {
   if(m_error == "")
      m_error = what + " at offset " + IntegerToString(m_pos);
   return false;
  }

int CJsonDoc::NewNode(const int type, const string key)
  {
   int i = m_count++;
   if(ArraySize(m_type) < m_count)
     {
      int cap = m_count + 32;
      ArrayResize(m_type, cap);
      ArrayResize(m_key, cap);
      ArrayResize(m_str, cap);
      ArrayResize(m_num, cap);
      ArrayResize(m_first, cap);
      ArrayResize(m_last, cap);
      ArrayResize(m_next, cap);
     }
   m_type[i] = type;
   m_key[i] = key;
   m_str[i] = "";
   m_num[i] = 0;
   m_first[i] = -1;
   m_last[i] = -1;
   m_next[i] = -1;
   return i;
  }

void CJsonDoc::Append(const int parent, const int child)
  {
   if(m_last[parent] < 0)
      m_first[parent] = child;
   else
      m_next[m_last[parent]] = child;
   m_last[parent] = child;
  }

bool CJsonDoc::Literal(const string word)
  {
   int n = StringLen(word);
   if(StringSubstr(m_text, m_pos, n) != word)
      return false;
   m_pos += n;
   return true;
  }

int CJsonDoc::ParseObject(const string key, const int depth)
  {
   int node = NewNode(SR_JSON_OBJECT, key);
   m_pos++;
   SkipSpace();
   if(Peek() == '}')
     {
      m_pos++;
      return node;
     }
   while(true)
     {
      SkipSpace();
      if(Peek() != '"')
        {
         Fail("expected a field name");
         return -1;
        }
      string name;
      if(!ParseString(name))
         return -1;
      SkipSpace();
      if(Peek() != ':')
        {
         Fail("expected ':'");
         return -1;
        }
      m_pos++;
      int child = ParseValue(name, depth + 1);
      if(child < 0)
         return -1;
      Append(node, child);
      SkipSpace();
      ushort c = Peek();
      m_pos++;
      if(c == '}')
         return node;
      if(c != ',')
        {
         Fail("expected ',' or '}'");
         return -1;
        }
     }
   return -1;
  }

int CJsonDoc::ParseArray(const string key, const int depth)
  {
   int node = NewNode(SR_JSON_ARRAY, key);
   m_pos++;
   SkipSpace();
   if(Peek() == ']')
     {
      m_pos++;
      return node;
     }
   while(true)
     {
      int child = ParseValue("", depth + 1);
      if(child < 0)
         return -1;
      Append(node, child);
      SkipSpace();
      ushort c = Peek();
      m_pos++;
      if(c == ']')
         return node;
      if(c != ',')
        {
         Fail("expected ',' or ']'");
         return -1;
        }
     }
   return -1;
  }

bool CJsonDoc::Parse(const string text)
  {
   m_text = text;
   m_len = StringLen(text);
   m_pos = 0;
   m_error = "";
   m_count = 0;
   int root = ParseValue("", 0);
   if(root < 0)
      return false;
   SkipSpace();
   if(m_pos != m_len)
      return Fail("trailing characters");
   return true;
  }

// Parses the value at m_pos; it and ParseObject/ParseArray call each other.
int CJsonDoc::ParseValue(const string key, const int depth)
  {
   if(depth > SR_JSON_MAX_DEPTH)
     {
      Fail("nesting too deep");
      return -1;
     }
   SkipSpace();
   ushort c = Peek();
   if(c == '{')
      return ParseObject(key, depth);
   if(c == '[')
      return ParseArray(key, depth);
   if(c == '"')
     {
      string s;
      if(!ParseString(s))
         return -1;
      int node = NewNode(SR_JSON_STRING, key);
      m_str[node] = s;
      return node;
     }
   if(c == 't' || c == 'f')
     {
      bool value = (c == 't');
      if(!Literal(value ? "true" : "false"))
        {
         Fail("bad literal");
         return -1;
        }
      int node = NewNode(SR_JSON_BOOL, key);
      m_num[node] = value ? 1 : 0;
      m_str[node] = value ? "true" : "false";
      return node;
     }
   if(c == 'n')
     {
      if(!Literal("null"))
        {
         Fail("bad literal");
         return -1;
        }
      return NewNode(SR_JSON_NULL, key);
     }
   if(c == '-' || (c >= '0' && c <= '9'))
     {
      int start = m_pos;
      while(m_pos < m_len)
        {
         ushort d = StringGetCharacter(m_text, m_pos);
         if((d >= '0' && d <= '9') || d == '-' || d == '+' || d == '.' || d == 'e' || d == 'E')
            m_pos++;
         else
            break;
        }
      int node = NewNode(SR_JSON_NUMBER, key);
      m_str[node] = StringSubstr(m_text, start, m_pos - start);
      m_num[node] = StringToDouble(m_str[node]);
      return node;
     }
   Fail("unexpected character");
   return -1;
  }

#endif
