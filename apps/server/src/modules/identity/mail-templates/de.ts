import type { MailTemplates } from './mail-template.js';

/** German (formal "Sie"). `{code}` is filled by the sender. */
export const de: MailTemplates = {
  registerSubject: 'Ihr Bestätigungscode für OpenBourse',
  registerText:
    'Ihr Bestätigungscode lautet {code}. Er ist 10 Minuten lang gültig.\n\nWenn Sie nicht versucht haben, ein OpenBourse-Konto zu eröffnen, können Sie diese E-Mail ignorieren.',
  resetSubject: 'Zurücksetzen Ihres OpenBourse-Passworts',
  resetText:
    'Ihr Code zum Zurücksetzen Ihres Passworts lautet {code}. Er ist 10 Minuten lang gültig.\n\nWenn Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort wurde nicht geändert.',
};
