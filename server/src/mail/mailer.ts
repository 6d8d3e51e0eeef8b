import { de } from '@werkboard/common';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { ApiError } from '../errors';
import { type StoredSmtp, smtpPassword } from '../services/settings';

const m = de.mail;

/** One e-mail: German subject, plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailOptions {
  /** Extra certificate authorities to trust (a company CA; the tests' self-signed server). */
  ca?: string;
}

/**
 * How the Admin's encryption choice maps onto SMTP: 'ssl' is TLS from the first byte (port
 * 465), 'tls' requires STARTTLS (587), 'none' sends in the clear and never upgrades. Short
 * timeouts and no pool: a test or an invitation e-mail fails in seconds with the reason, and
 * nothing is retried behind the user's back.
 */
function transportOptions(smtp: StoredSmtp, password: string | null, options: MailOptions): SMTPTransport.Options {
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.encryption === 'ssl',
    requireTLS: smtp.encryption === 'tls',
    ignoreTLS: smtp.encryption === 'none',
    ...(smtp.username ? { auth: { user: smtp.username, pass: password ?? '' } } : {}),
    tls: { servername: smtp.host, ...(options.ca ? { ca: options.ca } : {}) },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

interface SmtpFailure {
  code?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

/** The SMTP server's refusal or the connection's failure, in German, with the server's own words. */
export function describeMailFailure(error: unknown): string {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpFailure;
  const answer = failure.response ?? failure.message ?? String(error);
  const reason = failure.message ?? String(error);
  if (failure.code === 'EAUTH') return m.authFailed(answer);
  if (failure.code === 'ETLS' || /certificate|ssl|tls/i.test(reason)) return m.tlsFailed(reason);
  if (
    failure.code === 'ECONNECTION' ||
    failure.code === 'ETIMEDOUT' ||
    failure.code === 'ESOCKET' ||
    failure.code === 'EDNS'
  )
    return m.unreachable(reason);
  if (failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE' || failure.responseCode) return m.rejected(answer);
  return m.failed(reason);
}

/** Whether the Admin has set up sending: a server and a sender. */
export function canSend(smtp: StoredSmtp): boolean {
  return smtp.host.trim() !== '' && smtp.fromEmail.trim() !== '';
}

/**
 * Sends one e-mail through the Admin's SMTP settings; answers the SMTP server's final reply
 * (e.g. '250 OK: queued'), or throws an ApiError 502 with the German reason.
 */
export async function sendMail(
  smtp: StoredSmtp,
  masterSecret: string,
  mail: Mail,
  options: MailOptions = {},
): Promise<string> {
  if (smtp.host.trim() === '') throw new ApiError(400, m.notConfigured, 'validation');
  if (smtp.fromEmail.trim() === '') throw new ApiError(400, m.senderMissing, 'validation');
  const transport = nodemailer.createTransport(transportOptions(smtp, smtpPassword(smtp, masterSecret), options));
  try {
    const info = await transport.sendMail({
      from: { name: smtp.fromName || 'Werkboard', address: smtp.fromEmail },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    return info.response;
  } catch (error) {
    throw new ApiError(502, describeMailFailure(error), 'smtp_failed');
  } finally {
    transport.close();
  }
}
