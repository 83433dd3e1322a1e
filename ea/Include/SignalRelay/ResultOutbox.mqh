//+------------------------------------------------------------------+
//| ResultOutbox.mqh - results waiting for the server to confirm     |
//| them, oldest first. Over the WebSocket a written result counts   |
//| as delivered only when the pong of a later ping comes back over  |
//| the same connection; if the socket dies first it is written      |
//| again after the reconnect (the server keeps the first result of  |
//| each signal, so a repeat changes nothing). A long-poll reply     |
//| confirms the results its request carried.                        |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RESULTOUTBOX_MQH
#define SIGNALRELAY_RESULTOUTBOX_MQH

#include <SignalRelay\Protocol.mqh>
#include <SignalRelay\Dedupe.mqh>
#include <SignalRelay\Transport\WebSocket.mqh>

#define SR_OUTBOX_UNSENT  0    // not written on this connection
#define SR_OUTBOX_WRITTEN -1   // written, no ping sent after it yet

class CResultOutbox
  {
private:
   SR_Result         m_items[];
   long              m_ping[];   // SR_OUTBOX_UNSENT, SR_OUTBOX_WRITTEN, or the ping whose pong confirms it
   int               m_count;

public:
                     CResultOutbox(void) : m_count(0) {}

   int               Count(void) const { return m_count; }
   void              Clear(void) { m_count = 0; }

   // Adds a result unless one for its signal already waits.
   void              Add(const SR_Result &r)
     {
      for(int i = 0; i < m_count; i++)
         if(m_items[i].id == r.id)
            return;
      if(ArraySize(m_items) <= m_count)
        {
         ArrayResize(m_items, m_count + 1, 16);
         ArrayResize(m_ping, m_count + 1, 16);
        }
      m_items[m_count].CopyFrom(r);
      m_ping[m_count] = SR_OUTBOX_UNSENT;
      m_count++;
     }
   // The first `count` results reached the server: forget them for good.
   void              Confirm(const int count, CDedupe &dedupe)
     {
      for(int i = 0; i < count && i < m_count; i++)
         dedupe.MarkSent(m_items[i].id);
      for(int i = count; i < m_count; i++)
        {
         m_items[i - count].CopyFrom(m_items[i]);
         m_ping[i - count] = m_ping[i];
        }
      m_count = (m_count > count) ? m_count - count : 0;
     }
   // Copies out up to `max` of the oldest, for a poll body.
   int               Oldest(SR_Result &out[], const int max) const
     {
      int n = (m_count < max) ? m_count : max;
      ArrayResize(out, n);
      for(int i = 0; i < n; i++)
         out[i].CopyFrom(m_items[i]);
      return n;
     }

   //--- WebSocket
   // Writes the results not yet written on this connection.
   void              WriteTo(CWebSocket &ws)
     {
      for(int i = 0; i < m_count && ws.IsOpen(); i++)
        {
         if(m_ping[i] != SR_OUTBOX_UNSENT)
            continue;
         if(!ws.SendText(SR_ResultFrame(m_items[i])))
            break;
         m_ping[i] = SR_OUTBOX_WRITTEN;
        }
     }
   // A ping went out at `t`: its pong confirms what was written before it.
   void              PingSent(const long t)
     {
      for(int i = 0; i < m_count; i++)
         if(m_ping[i] == SR_OUTBOX_WRITTEN)
            m_ping[i] = t;
     }
   // The pong of the ping sent at `t` came back.
   void              PongReceived(const long t, CDedupe &dedupe)
     {
      int confirmed = 0;
      while(confirmed < m_count && m_ping[confirmed] > 0 && m_ping[confirmed] <= t)
         confirmed++;
      Confirm(confirmed, dedupe);
     }
   // The socket died: nothing written on it is confirmed.
   void              ConnectionLost(void)
     {
      for(int i = 0; i < m_count; i++)
         m_ping[i] = SR_OUTBOX_UNSENT;
     }
  };

#endif
