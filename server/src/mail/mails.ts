import { de } from '@werkboard/common';
import type { Mail } from './mailer';

const m = de.mail;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Paragraphs as plain text and as HTML (each escaped); the link as its own paragraph. */
function compose(to: string, subject: string, paragraphs: string[], link?: { label: string; url: string }): Mail {
  const text = [...paragraphs, ...(link ? [link.url] : []), m.footer].join('\n\n');
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p style="color:#666;font-size:12px">${escapeHtml(m.footer)}</p>`,
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
