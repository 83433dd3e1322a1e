import type { Mail } from '../../ports/mailer.ts';

/** The account e-mails, each with a plain-text and an HTML part and links to PUBLIC_URL. */

const product = 'SignalRelay';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

type Part = { text: string } | { link: string; label: string };

/** One message as text and as a small, inline-styled HTML page (mail clients drop <style>). */
export function compose(to: string, subject: string, greeting: string, parts: Part[]): Mail {
  const text = [greeting, '', ...parts.map((p) => ('text' in p ? p.text : `${p.label}: ${p.link}`))]
    .join('\n\n')
    .concat(`\n\n— ${product}\n`);
  const body = parts
    .map((p) =>
      'text' in p
        ? `<p style="margin:0 0 16px">${escapeHtml(p.text)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(p.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#6b7280">${escapeHtml(p.link)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5"><div style="max-width:560px;margin:0 auto;padding:24px"><p style="margin:0 0 16px">${escapeHtml(greeting)}</p>${body}<p style="margin:24px 0 0;color:#6b7280">— ${product}</p></div></body></html>`;
  return { to, subject, text, html };
}

export const hello = (firstname: string) => (firstname ? `Hello ${firstname},` : 'Hello,');

export function verificationMail(to: string, firstname: string, link: string): Mail {
  return compose(to, `Verify your ${product} e-mail address`, hello(firstname), [
    {
      text: `Please confirm that this is your e-mail address to finish setting up your ${product} account.`,
    },
    { link, label: 'Verify e-mail address' },
    {
      text: 'The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.',
    },
  ]);
}

/** Sent instead of a second account when someone signs up with an address we know. */
export function accountExistsMail(
  to: string,
  firstname: string,
  links: { login: string; forgot: string },
): Mail {
  return compose(to, `You already have a ${product} account`, hello(firstname), [
    {
      text: `Someone (probably you) tried to sign up for ${product} with this e-mail address, which already has an account.`,
    },
    { link: links.login, label: 'Sign in' },
    { text: 'Forgot your password? You can choose a new one here:' },
    { link: links.forgot, label: 'Reset password' },
    { text: 'If this was not you, no action is needed.' },
  ]);
}

export function resetMail(to: string, firstname: string, link: string): Mail {
  return compose(to, `Reset your ${product} password`, hello(firstname), [
    { text: 'We received a request to reset the password of your account.' },
    { link, label: 'Choose a new password' },
    {
      text: 'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    },
  ]);
}

export function passwordChangedMail(to: string, firstname: string, supportEmail: string): Mail {
  return compose(to, `Your ${product} password was changed`, hello(firstname), [
    {
      text: 'The password of your account was just changed, and every signed-in device was signed out.',
    },
    { text: `If you did not do this, reset your password at once and write to ${supportEmail}.` },
  ]);
}
