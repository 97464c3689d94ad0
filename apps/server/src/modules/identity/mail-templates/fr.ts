import type { MailTemplates } from './mail-template.js';

/** French (formal "vous"). `{code}` is filled by the sender. */
export const fr: MailTemplates = {
  registerSubject: 'Votre code de vérification OpenBourse',
  registerText:
    'Votre code de vérification est {code}. Il expire dans 10 minutes.\n\nSi vous n’avez pas tenté de créer un compte OpenBourse, vous pouvez ignorer cet e-mail.',
  resetSubject: 'Réinitialisation de votre mot de passe OpenBourse',
  resetText:
    'Votre code de réinitialisation du mot de passe est {code}. Il expire dans 10 minutes.\n\nSi vous n’avez pas demandé la réinitialisation de votre mot de passe, ignorez cet e-mail : votre mot de passe n’a pas été modifié.',
};
