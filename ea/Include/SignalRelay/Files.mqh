//+------------------------------------------------------------------+
//| Files.mqh - state files replaced whole.                          |
//|                                                                  |
//| The lines go to <file>.tmp, which then takes the old file's      |
//| place in one step (FileMove). A crash, a full disk or a reader   |
//| never meets a half-written file: until the new one is complete,  |
//| the previous state stays where it was.                           |
//+------------------------------------------------------------------+
#ifndef SIGNALRELAY_FILES_MQH
#define SIGNALRELAY_FILES_MQH

#include <SignalRelay\Platform.mqh>

// Says in the journal that `file` could not be written (error `err`) and what that means for
// the trader, at most once a minute per file.
void SR_CannotWrite(const string file, const int err, const string meaning)
  {
   SR_LogThrottled("write " + file, "cannot write " + SR_FILES_FOLDER + "\\" + file + " (error " +
                   IntegerToString(err) + "): " + meaning);
  }

// Writes the first `count` of `lines` as `file`. Returns 0 when done, else the error
// (GetLastError's code), the old file then untouched.
int SR_ReplaceFile(const string file, const string &lines[], const int count)
  {
   string tmp = file + ".tmp";
   ResetLastError();
   int h = FileOpen(tmp, FILE_WRITE | FILE_TXT | FILE_ANSI, '\t', CP_UTF8);
   if(h == INVALID_HANDLE)
      return GetLastError();
   int err = 0;
   for(int i = 0; i < count && err == 0; i++)
      if(FileWriteString(h, lines[i] + "\r\n") == 0)
         err = GetLastError();
   FileClose(h);
   if(err != 0)
      return err;
   if(!FileMove(tmp, 0, file, FILE_REWRITE))
      return GetLastError();
   return 0;
  }

// A file of one line (the rules, the day's state).
int SR_ReplaceFile(const string file, const string line)
  {
   string lines[];
   ArrayResize(lines, 1);
   lines[0] = line;
   return SR_ReplaceFile(file, lines, 1);
  }

#endif
