export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

/** Outgoing e-mail: SMTP via nodemailer, or the local outbox folder when SMTP is not set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}
