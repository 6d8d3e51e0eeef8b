import { de } from '@werkboard/common';
import type { Mail } from './mailer';

const m = de.mail;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs as plain text and as HTML (each escaped); the link as its own paragraph. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
  footer: string[] = [m.footer],
): Mail {
  const text = [...paragraphs, ...(link ? [link.url] : []), ...footer].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...footer.map((line) => `<p style="color:#666;font-size:12px">${escapeHtml(line)}</p>`),
  ].join('\n');
  return { to, subject, text, html: `<!doctype html><html lang="de"><body>${html}</body></html>` };
}

export function testMail(to: string): Mail {
  return compose(to, m.testSubject, [m.testText]);
}

/** The invitation e-mail: who invited to which project, and the link to the app where it is answered. */
export function invitationMail(
  to: string,
  invitation: { toUsername: string; fromUsername: string; projectName: string },
  appUrl: string,
): Mail {
  return compose(
    to,
    m.invitationSubject(invitation.projectName),
    [
      m.invitationGreeting(invitation.toUsername),
      m.invitationText(invitation.fromUsername, invitation.projectName),
      m.invitationAction,
    ],
    { label: m.invitationLink, url: `${appUrl}/#/` },
  );
}

/**
 * The daily digest: how many messages are unread and from whom, never their text (the server
 * cannot read it). The link only when the server knows its public address (PUBLIC_URL).
 */
export function messageDigestMail(
  to: string,
  digest: { username: string; count: number; senders: readonly string[] },
  appUrl: string | undefined,
): Mail {
  return compose(
    to,
    m.digestSubject(digest.count),
    [m.digestGreeting(digest.username), m.digestText(digest.count, digest.senders.join(', ')), m.digestPrivacy],
    appUrl ? { label: m.digestLink, url: `${appUrl}/#/messages` } : undefined,
    [m.digestUnsubscribe, m.footer],
  );
}
