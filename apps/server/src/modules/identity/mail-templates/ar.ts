import type { MailTemplates } from './mail-template.js';

/** Arabic (Modern Standard Arabic). `{code}` is filled by the sender. */
export const ar: MailTemplates = {
  registerSubject: 'رمز التحقق الخاص بك في OpenBourse',
  registerText:
    'رمز التحقق الخاص بك هو {code}، وتنتهي صلاحيته بعد 10 دقائق.\n\nإذا لم تحاول إنشاء حساب في OpenBourse، فيمكنك تجاهل هذه الرسالة.',
  resetSubject: 'أعد تعيين كلمة مرور حسابك في OpenBourse',
  resetText:
    'رمز إعادة تعيين كلمة المرور الخاص بك هو {code}، وتنتهي صلاحيته بعد 10 دقائق.\n\nإذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة: لم تتغير كلمة مرورك.',
};
