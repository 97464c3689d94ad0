import type { MailTemplates } from './mail-template.js';

/** Japanese (polite desu/masu style). `{code}` is filled by the sender. */
export const ja: MailTemplates = {
  registerSubject: 'OpenBourseの認証コード',
  registerText:
    '認証コードは {code} です。有効期限は10分です。\n\nOpenBourseのアカウント作成にお心当たりがない場合は、このメールを破棄してください。',
  resetSubject: 'OpenBourseのパスワード再設定',
  resetText:
    'パスワード再設定用の認証コードは {code} です。有効期限は10分です。\n\nパスワードの再設定をお申し込みでない場合は、このメールを破棄してください。パスワードは変更されていません。',
};
