//+------------------------------------------------------------------+
//| RelayAccount.mqh - CRelay and the trade account it executes:     |
//| taking it (identity, the one-executor lock, what the journal     |
//| kept from before a restart), letting it go, and the check once a |
//| second that it is still ours. Included by Relay.mqh after the    |
//| class, like RelaySignals.mqh; not on its own.                    |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_RELAYACCOUNT_MQH
#define SIGNALRELAY_RELAYACCOUNT_MQH

// The terminal's account, once it is logged in and no other copy in this
// terminal executes it; false until then (tried again once a second).
bool CRelay::Start(void)
  {
   if(!SR_TickReached(m_nextStartTick))
      return false;
   m_nextStartTick = GetTickCount() + 1000;
   if(!SR_ReadIdentity(m_license, SR_PLATFORM, m_id))
     {
      m_connection = "waiting for the terminal to log in to a trade account";
      return false;
     }
   if(!m_lock.Acquire(m_id.account))
     {
      string holder = m_lock.Holder(m_id.account);
      m_connection = "idle: " + holder + " executes account " + m_id.account;
      if(!m_idleLogged)
         SR_Warn("another SignalRelay in this terminal already executes account " + m_id.account + " (" + holder +
                 "): this copy stays idle so no signal is traded twice, and takes over if that one stops. Remove one of them");
      m_idleLogged = true;
      return false;
     }
   if(m_idleLogged)
      SR_Info("the other SignalRelay of account " + m_id.account + " stopped: this copy executes it now");
   m_idleLogged = false;
   m_ready = true;
   m_dedupe.Load(m_id.account);
   m_stops.Load(m_id.account);
   m_rules.Load(m_id.account);
   SR_Result unsent[];
   int n = m_dedupe.Unsent(unsent);
   for(int i = 0; i < n; i++)
      m_outbox.Add(unsent[i]);
   if(n > 0)
      SR_Info(IntegerToString(n) + " result(s) from before the restart will be reported");
   SR_Signal pending[];
   int p = m_dedupe.Pending(pending);
   for(int i = 0; i < p; i++)
     {
      SR_Info("signal " + pending[i].id + " was received before the restart and has no result: " +
              (pending[i].ttlMs > 0 ? "executing it now (" + IntegerToString(pending[i].ttlMs) + " ms of its time left)" :
               "its time ran out meanwhile"));
      Enqueue(pending[i]);
     }
   SR_Info("account " + m_id.account + " at " + m_id.broker + ", license " + MaskedLicense() + ", server " + m_baseUrl +
           (m_mode == SR_MODE_WEBSOCKET ? " (WebSocket)" : " (HTTPS long-poll)"));
   return true;
  }

// Drops everything that belongs to the account executed so far: the
// terminal logged in to another one, or another copy took over. Its
// queued signals and unsent results stay in that account's journal.
void CRelay::Stop(const string why)
  {
   SR_Warn(why);
   m_ws.Close(1000);
   m_helloSent = false;
   m_welcomed = false;
   m_queueCount = 0;
   m_outbox.Clear();
   ArrayResize(m_received, 0);
   m_lock.Release();
   m_ready = false;
   m_mode = SR_SocketsAvailable() ? SR_MODE_WEBSOCKET : SR_MODE_LONGPOLL;
   m_nextConnectTick = GetTickCount();
  }

// Once a second: still the executor, still the same account?
bool CRelay::StillOwner(void)
  {
   if(!m_lock.Beat())
     {
      Stop("another SignalRelay in this terminal took over account " + m_id.account + " (this one looked stopped to it)");
      return false;
     }
   long login = AccountInfoInteger(ACCOUNT_LOGIN);
   string server = AccountInfoString(ACCOUNT_SERVER);
   if(IntegerToString(login) == m_id.account && server == m_id.broker)
      return true;
   Stop("the terminal switched from account " + m_id.account + " at " + m_id.broker + " to " +
        (login > 0 ? IntegerToString(login) + " at " + server : "no account") + ": starting over for the new account");
   return false;
  }

#endif
