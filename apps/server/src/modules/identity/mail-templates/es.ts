import type { MailTemplates } from './mail-template.js';

/** Spanish (neutral, formal "usted"). `{code}` is filled by the sender. */
export const es: MailTemplates = {
  registerSubject: 'Su código de verificación de OpenBourse',
  registerText:
    'Su código de verificación es {code}. Caduca en 10 minutos.\n\nSi no ha intentado crear una cuenta de OpenBourse, puede ignorar este correo electrónico.',
  resetSubject: 'Restablezca su contraseña de OpenBourse',
  resetText:
    'Su código para restablecer la contraseña es {code}. Caduca en 10 minutos.\n\nSi no ha solicitado restablecer su contraseña, ignore este correo electrónico: su contraseña no ha cambiado.',
};
