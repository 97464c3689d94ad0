import type { MailTemplates } from './mail-template.js';

/** Traditional Chinese as used in Hong Kong (zh-Hant). `{code}` is filled by the sender. */
export const hk: MailTemplates = {
  registerSubject: '您的OpenBourse驗證碼',
  registerText: '您的驗證碼為{code}，有效時間為10分鐘。\n\n如您並未嘗試建立OpenBourse賬戶，請忽略此電郵。',
  resetSubject: '重設您的OpenBourse密碼',
  resetText: '您的重設密碼驗證碼為{code}，有效時間為10分鐘。\n\n如您並未要求重設密碼，請忽略此電郵，您的密碼並未更改。',
};
