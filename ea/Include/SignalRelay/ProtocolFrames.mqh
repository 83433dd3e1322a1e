//+------------------------------------------------------------------+
//| ProtocolFrames.mqh - the bodies and frames built from the        |
//| protocol's objects (Protocol.mqh): result fields, the health     |
//| list and frame, the hello, ping, received and result frames,     |
//| and the long-poll body. Included by Protocol.mqh after the       |
//| objects, not on its own.                                         |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_PROTOCOLFRAMES_MQH
#define SIGNALRELAY_PROTOCOLFRAMES_MQH

void SR_WriteResultFields(CJsonWriter &w, const SR_Result &r)
  {
   w.AddString("id", r.id);
   w.AddString("status", r.status);
   w.AddString("ticket", r.ticket);
   w.AddNumber("price", r.price, r.digits);
   w.AddString("message", StringSubstr(r.message, 0, 1000));   // the schema's limit
   w.AddLong("retcode", r.retcode);
   w.AddLong("executedAt", r.executedAt);
   if(r.volume > 0)
      w.AddNumber("volume", r.volume, 8);
   if(StringLen(r.rule) > 0)
      w.AddString("rule", r.rule);
  }

// The items of the whole current list (it replaces the one the server has),
// into an array the caller opened.
void SR_WriteHealthItems(CJsonWriter &w, const SR_HealthIssue &issues[], const int count)
  {
   for(int i = 0; i < count; i++)
     {
      w.BeginObject();
      w.AddString("code", issues[i].code);
      w.AddString("message", StringSubstr(issues[i].message, 0, 300));   // the schema's limit
      if(issues[i].symbol != "")
         w.AddString("symbol", issues[i].symbol);
      w.End();
     }
  }

string SR_HealthFrame(const SR_HealthIssue &issues[], const int count)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_HEALTH);
   w.OpenArray("issues");
   SR_WriteHealthItems(w, issues, count);
   w.End();
   w.End();
   return w.Text();
  }

string SR_HelloFrame(const SR_Identity &id)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_HELLO);
   SR_WriteIdentity(w, id);
   SR_WriteInstance(w, id);
   w.AddString("eaVersion", SR_EA_VERSION);
   w.AddLong("terminalBuild", id.terminalBuild);
   w.End();
   return w.Text();
  }

string SR_PingFrame(const long t)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_PING);
   w.AddLong("t", t);
   w.End();
   return w.Text();
  }

string SR_ReceivedFrame(const string signalId)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_RECEIVED);
   w.AddString("id", signalId);
   w.End();
   return w.Text();
  }

string SR_ResultFrame(const SR_Result &r)
  {
   CJsonWriter w;
   w.BeginObject();
   w.AddString("type", SR_MSG_RESULT);
   SR_WriteResultFields(w, r);
   w.End();
   return w.Text();
  }

// Body of POST /api/ea/poll: identity, the ids received since the last
// poll, the results not yet reported, the longest hold this EA accepts
// (WebRequest blocks the EA, so it asks for short holds to keep managing
// stops between polls, and for none while a signal waits for a retry), and
// the rules it holds (the reply carries the server's when they differ).
string SR_PollBody(const SR_Identity &id, const string &received[], const SR_Result &results[], const int resultCount,
                   const int waitMs, const bool sendHealth, const SR_HealthIssue &health[], const int healthCount,
                   const string rulesId)
  {
   CJsonWriter w;
   w.BeginObject();
   SR_WriteIdentity(w, id);
   SR_WriteInstance(w, id);
   w.AddString("eaVersion", SR_EA_VERSION);
   w.AddLong("terminalBuild", id.terminalBuild);
   w.AddLong("waitMs", waitMs);
   w.AddString("rulesId", rulesId);
   if(sendHealth)
     {
      w.OpenArray("health");
      SR_WriteHealthItems(w, health, healthCount);
      w.End();
     }
   w.OpenArray("received");
   for(int i = 0; i < ArraySize(received); i++)
      w.ItemString(received[i]);
   w.End();
   w.OpenArray("results");
   for(int i = 0; i < resultCount; i++)
     {
      w.BeginObject();
      SR_WriteResultFields(w, results[i]);
      w.End();
     }
   w.End();
   w.End();
   return w.Text();
  }

#endif
