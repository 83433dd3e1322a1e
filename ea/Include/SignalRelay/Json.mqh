//+------------------------------------------------------------------+
//| Json.mqh - a small JSON writer and reader (UTF-16 MQL strings;   |
//| convert to/from UTF-8 bytes at the transport).                   |
//|                                                                  |
//| Every field name goes through one of the keyed methods below     |
//| (AddString/AddNumber/AddLong/OpenArray when writing,             |
//| Child/GetString/GetNumber/GetLong/GetBool when reading)          |
//| as a string literal: ea/tools/protocol-fields.ts                 |
//| reads those calls to check every name against ea-protocol.ts.    |
//| The reader's parser (text to nodes) is in JsonParse.mqh.         |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_JSON_MQH
#define SIGNALRELAY_JSON_MQH

#define SR_JSON_NULL   0
#define SR_JSON_BOOL   1
#define SR_JSON_NUMBER 2
#define SR_JSON_STRING 3
#define SR_JSON_ARRAY  4
#define SR_JSON_OBJECT 5

#define SR_JSON_MAX_DEPTH 32

// Escapes a string for a JSON string literal (without the quotes).
string SR_JsonEscape(const string value)
  {
   string out = "";
   int len = StringLen(value);
   int runStart = 0;
   for(int i = 0; i < len; i++)
     {
      ushort c = StringGetCharacter(value, i);
      string esc = "";
      if(c == '"')
         esc = "\\\"";
      else if(c == '\\')
         esc = "\\\\";
      else if(c == '\n')
         esc = "\\n";
      else if(c == '\r')
         esc = "\\r";
      else if(c == '\t')
         esc = "\\t";
      else if(c < 0x20)
         esc = StringFormat("\\u%04X", (int)c);
      else
         continue;
      if(i > runStart)
         out += StringSubstr(value, runStart, i - runStart);
      out += esc;
      runStart = i + 1;
     }
   if(runStart == 0)
      return value;
   if(len > runStart)
      out += StringSubstr(value, runStart, len - runStart);
   return out;
  }

// Formats a number for JSON: `digits` decimals, trailing zeros trimmed,
// NaN and infinities (which JSON cannot carry) written as 0.
string SR_JsonNumber(const double value, const int digits = 8)
  {
   if(!MathIsValidNumber(value))
      return "0";
   string s = DoubleToString(value, digits);
   if(StringFind(s, ".") >= 0)
     {
      int end = StringLen(s);
      while(end > 0 && StringGetCharacter(s, end - 1) == '0')
         end--;
      if(end > 0 && StringGetCharacter(s, end - 1) == '.')
         end--;
      s = StringSubstr(s, 0, end);
     }
   if(s == "-0" || s == "")
      s = "0";
   return s;
  }

//+------------------------------------------------------------------+
//| Writer: appends to one string, tracking commas per nesting level.|
//+------------------------------------------------------------------+
class CJsonWriter
  {
private:
   string            m_out;
   string            m_closers;     // stack of '}' / ']' still to write
   bool              m_filled[];    // per level: has a member been written
   int               m_depth;

   void              Separate(void)
     {
      if(m_depth == 0)
         return;
      if(m_filled[m_depth - 1])
         m_out += ",";
      m_filled[m_depth - 1] = true;
     }
   void              Key(const string key)
     {
      Separate();
      m_out += "\"" + SR_JsonEscape(key) + "\":";
     }
   void              Push(const string opener, const string closer)
     {
      m_out += opener;
      m_closers += closer;
      m_depth++;
      if(ArraySize(m_filled) < m_depth)
         ArrayResize(m_filled, m_depth);
      m_filled[m_depth - 1] = false;
     }

public:
                     CJsonWriter(void) : m_out(""), m_closers(""), m_depth(0) {}

   string            Text(void) const { return m_out; }

   // An object without a key: the top-level object or an element of an array.
   void              BeginObject(void) { Separate(); Push("{", "}"); }
   void              OpenArray(const string key) { Key(key); Push("[", "]"); }
   void              End(void)
     {
      int n = StringLen(m_closers);
      if(n == 0)
         return;
      m_out += StringSubstr(m_closers, n - 1, 1);
      m_closers = StringSubstr(m_closers, 0, n - 1);
      m_depth--;
     }

   void              AddString(const string key, const string value) { Key(key); m_out += "\"" + SR_JsonEscape(value) + "\""; }
   void              AddNumber(const string key, const double value, const int digits = 8) { Key(key); m_out += SR_JsonNumber(value, digits); }
   void              AddLong(const string key, const long value) { Key(key); m_out += IntegerToString(value); }

   void              ItemString(const string value) { Separate(); m_out += "\"" + SR_JsonEscape(value) + "\""; }
   // `json` must already be a complete JSON value.
   void              ItemRaw(const string json) { Separate(); m_out += json; }
  };

//+------------------------------------------------------------------+
//| Reader: parses a whole document into flat node arrays (index 0 is|
//| the root); children are linked lists through m_first/m_next.    |
//+------------------------------------------------------------------+
class CJsonDoc
  {
private:
   string            m_text;
   int               m_len;
   int               m_pos;
   string            m_error;
   int               m_count;
   int               m_type[];
   string            m_key[];
   string            m_str[];      // string value, or the literal text of a number
   double            m_num[];      // number value, or 1/0 for booleans
   int               m_first[];
   int               m_last[];
   int               m_next[];

   // The parser (bodies, but Peek's, in JsonParse.mqh).
   ushort            Peek(void) const { return (m_pos < m_len) ? StringGetCharacter(m_text, m_pos) : 0; }
   void              SkipSpace(void);
   bool              Fail(const string what);
   int               NewNode(const int type, const string key);
   void              Append(const int parent, const int child);
   int               HexDigit(const ushort c) const;
   bool              ParseString(string &out);
   bool              Literal(const string word);
   int               ParseValue(const string key, const int depth);
   int               ParseObject(const string key, const int depth);
   int               ParseArray(const string key, const int depth);

public:
                     CJsonDoc(void) : m_text(""), m_len(0), m_pos(0), m_error(""), m_count(0) {}

   // Parses `text`; on failure Error() says where. The root is node 0.
   bool              Parse(const string text);
   string            Error(void) const { return m_error; }
   int               Root(void) const { return m_count > 0 ? 0 : -1; }
   int               Type(const int node) const { return (node >= 0 && node < m_count) ? m_type[node] : -1; }

   // The i-th element of an array (or member of an object), -1 when absent.
   int               Item(const int node, const int index) const
     {
      if(node < 0 || node >= m_count)
         return -1;
      int child = m_first[node];
      for(int i = 0; i < index && child >= 0; i++)
         child = m_next[child];
      return child;
     }
   int               Next(const int node) const { return (node >= 0 && node < m_count) ? m_next[node] : -1; }
   string            Text(const int node) const { return (node >= 0 && node < m_count) ? m_str[node] : ""; }

   // The member `key` of object `obj`, -1 when absent (the last one wins on duplicates).
   int               Child(const int obj, const string key) const
     {
      if(Type(obj) != SR_JSON_OBJECT)
         return -1;
      int found = -1;
      for(int child = m_first[obj]; child >= 0; child = m_next[child])
         if(m_key[child] == key)
            found = child;
      return found;
     }
   string            GetString(const int obj, const string key, const string def = "") const
     {
      int node = Child(obj, key);
      if(node < 0)
         return def;
      if(m_type[node] == SR_JSON_STRING || m_type[node] == SR_JSON_NUMBER || m_type[node] == SR_JSON_BOOL)
         return m_str[node];
      return def;
     }
   // Numbers sent as strings ("0.01") are accepted too.
   double            GetNumber(const int obj, const string key, const double def = 0) const
     {
      int node = Child(obj, key);
      if(node < 0)
         return def;
      if(m_type[node] == SR_JSON_NUMBER || m_type[node] == SR_JSON_BOOL)
         return m_num[node];
      if(m_type[node] == SR_JSON_STRING && StringLen(m_str[node]) > 0)
         return StringToDouble(m_str[node]);
      return def;
     }
   long              GetLong(const int obj, const string key, const long def = 0) const
     {
      int node = Child(obj, key);
      if(node < 0)
         return def;
      if(m_type[node] != SR_JSON_NUMBER && m_type[node] != SR_JSON_STRING)
         return def;
      string s = m_str[node];
      if(StringLen(s) == 0)
         return def;
      // Exact for integers beyond 2^53; rounded otherwise.
      if(StringFind(s, ".") < 0 && StringFind(s, "e") < 0 && StringFind(s, "E") < 0)
         return StringToInteger(s);
      return (long)MathRound(StringToDouble(s));
     }
   bool              GetBool(const int obj, const string key, const bool def = false) const
     {
      int node = Child(obj, key);
      if(node < 0)
         return def;
      if(m_type[node] == SR_JSON_BOOL || m_type[node] == SR_JSON_NUMBER)
         return m_num[node] != 0;
      if(m_type[node] == SR_JSON_STRING)
         return m_str[node] == "true" || m_str[node] == "1";
      return def;
     }
  };

// The parser's bodies, declared above.
#include <SignalRelay\JsonParse.mqh>
#include <SignalRelay\JsonString.mqh>

#endif
