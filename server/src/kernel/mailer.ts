import nodemailer from 'nodemailer';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The Message-ID, when the sender derives it from what it delivers (a retried mail keeps it). */
  readonly id?: string;
}

/** Sends mail; returns whether it was handed to a mail server. */
export interface Mailer {
  send(mail: Mail): Promise<boolean>;
}

/** SMTP when configured. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.id ? { messageId: mail.id } : {}),
      });
      return true;
    },
  };
}

/**
 * No mail server: the message stays in the outbox table. Outside production its text (with the code) is
 * logged too, so a demo works offline; in production only that a mail waits is.
 */
export function logMailer(log: (line: string) => void, opts: { withText: boolean }): Mailer {
  return {
    async send(mail) {
      log(
        opts.withText
          ? `mail to ${mail.to}: ${mail.subject} — ${mail.text}`
          : `mail to ${mail.to}: ${mail.subject} (not sent: no SMTP_URL; kept in the outbox)`,
      );
      return false;
    },
  };
}
