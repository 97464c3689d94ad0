import type { MailTemplates } from './mail-template.js';

/** English. `{code}` is filled by the sender. */
export const en: MailTemplates = {
  registerSubject: 'Your OpenBourse verification code',
  registerText:
    'Your verification code is {code}. It expires in 10 minutes.\n\nIf you did not try to create an OpenBourse account, you can ignore this e-mail.',
  resetSubject: 'Reset your OpenBourse password',
  resetText:
    'Your password reset code is {code}. It expires in 10 minutes.\n\nIf you did not ask to reset your password, ignore this e-mail: your password has not changed.',
};
