import type { MailTemplates } from './mail-template.js';

/** Italian (formal "Lei"). `{code}` is filled by the sender. */
export const it: MailTemplates = {
  registerSubject: 'Il suo codice di verifica OpenBourse',
  registerText:
    'Il suo codice di verifica è {code}. Scade tra 10 minuti.\n\nSe non ha richiesto la creazione di un account OpenBourse, può ignorare questa e-mail.',
  resetSubject: 'Reimpostazione della password OpenBourse',
  resetText:
    'Il suo codice per reimpostare la password è {code}. Scade tra 10 minuti.\n\nSe non ha richiesto la reimpostazione della password, ignori questa e-mail: la sua password non è stata modificata.',
};
