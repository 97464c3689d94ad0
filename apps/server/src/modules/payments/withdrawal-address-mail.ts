import type { Language } from '@openbourse/contracts';

/**
 * The mail that confirms a new withdrawal address (issue 15), in the reader's language.
 * `{address}`, `{network}`, `{link}` and `{hours}` (the cooling period) are filled by the sender.
 */
export type AddressConfirmMail = { subject: string; text: string };

export const ADDRESS_CONFIRM_MAIL: Record<Language, AddressConfirmMail> = {
  en: {
    subject: 'Confirm your new OpenBourse withdrawal address',
    text:
      'A withdrawal address was added to your OpenBourse account:\n\n{address} ({network})\n\n' +
      'To confirm it, open this link within 24 hours and press Confirm:\n{link}\n\n' +
      'Once confirmed, the address can be used after {hours} hours. If you did not add it, do not open the link ' +
      'and change your password.',
  },
  ja: {
    subject: 'OpenBourse の新しい出金先アドレスを確認してください',
    text:
      'OpenBourse アカウントに出金先アドレスが追加されました：\n\n{address}（{network}）\n\n' +
      '確認するには、24時間以内に次のリンクを開いて「確認」を押してください：\n{link}\n\n' +
      '確認後、このアドレスは {hours} 時間後に使用できます。心当たりがない場合はリンクを開かず、パスワードを変更してください。',
  },
  ko: {
    subject: 'OpenBourse 새 출금 주소를 확인해 주세요',
    text:
      'OpenBourse 계정에 출금 주소가 추가되었습니다:\n\n{address} ({network})\n\n' +
      '확인하려면 24시간 이내에 아래 링크를 열고 확인을 누르세요:\n{link}\n\n' +
      '확인 후 {hours}시간이 지나면 이 주소를 사용할 수 있습니다. 직접 추가하지 않았다면 링크를 열지 말고 비밀번호를 변경하세요.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue OpenBourse-Auszahlungsadresse',
    text:
      'Ihrem OpenBourse-Konto wurde eine Auszahlungsadresse hinzugefügt:\n\n{address} ({network})\n\n' +
      'Öffnen Sie zur Bestätigung innerhalb von 24 Stunden diesen Link und klicken Sie auf „Bestätigen“:\n{link}\n\n' +
      'Nach der Bestätigung kann die Adresse nach {hours} Stunden verwendet werden. Wenn Sie sie nicht hinzugefügt ' +
      'haben, öffnen Sie den Link nicht und ändern Sie Ihr Passwort.',
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse de retrait OpenBourse',
    text:
      'Une adresse de retrait a été ajoutée à votre compte OpenBourse :\n\n{address} ({network})\n\n' +
      'Pour la confirmer, ouvrez ce lien dans les 24 heures et cliquez sur Confirmer :\n{link}\n\n' +
      'Une fois confirmée, l’adresse pourra être utilisée après {hours} heures. Si vous ne l’avez pas ajoutée, ' +
      'n’ouvrez pas le lien et changez votre mot de passe.',
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo di prelievo OpenBourse',
    text:
      'È stato aggiunto un indirizzo di prelievo al tuo conto OpenBourse:\n\n{address} ({network})\n\n' +
      'Per confermarlo, apri questo link entro 24 ore e premi Conferma:\n{link}\n\n' +
      'Una volta confermato, l’indirizzo potrà essere usato dopo {hours} ore. Se non l’hai aggiunto tu, non aprire ' +
      'il link e cambia la password.',
  },
  es: {
    subject: 'Confirme su nueva dirección de retiro de OpenBourse',
    text:
      'Se ha añadido una dirección de retiro a su cuenta de OpenBourse:\n\n{address} ({network})\n\n' +
      'Para confirmarla, abra este enlace en las próximas 24 horas y pulse Confirmar:\n{link}\n\n' +
      'Una vez confirmada, la dirección podrá usarse pasadas {hours} horas. Si no la añadió usted, no abra el ' +
      'enlace y cambie su contraseña.',
  },
  ar: {
    subject: 'أكّد عنوان السحب الجديد في OpenBourse',
    text:
      'تمت إضافة عنوان سحب إلى حسابك في OpenBourse:\n\n{address} ({network})\n\n' +
      'لتأكيده، افتح هذا الرابط خلال 24 ساعة واضغط على «تأكيد»:\n{link}\n\n' +
      'بعد التأكيد يمكن استخدام العنوان بعد {hours} ساعة. إذا لم تقم بإضافته، فلا تفتح الرابط وغيّر كلمة المرور.',
  },
  hk: {
    subject: '請確認你的 OpenBourse 新提款地址',
    text:
      '你的 OpenBourse 帳戶已新增一個提款地址：\n\n{address}（{network}）\n\n' +
      '如要確認，請於 24 小時內打開以下連結並按「確認」：\n{link}\n\n' +
      '確認後，此地址可於 {hours} 小時後使用。如非你本人新增，請勿打開連結，並更改密碼。',
  },
  zh: {
    subject: '请确认您的 OpenBourse 新提现地址',
    text:
      '您的 OpenBourse 账户已添加一个提现地址：\n\n{address}（{network}）\n\n' +
      '如需确认，请在 24 小时内打开以下链接并点击“确认”：\n{link}\n\n' +
      '确认后，该地址可在 {hours} 小时后使用。如非您本人添加，请勿打开链接，并修改密码。',
  },
};

export function addressConfirmMail(
  language: Language,
  values: { address: string; network: string; link: string; hours: string },
): AddressConfirmMail {
  const template = ADDRESS_CONFIRM_MAIL[language] ?? ADDRESS_CONFIRM_MAIL.en;
  const fill = (text: string) =>
    text.replace(/\{(address|network|link|hours)\}/g, (_match, key: keyof typeof values) => values[key]);
  return { subject: fill(template.subject), text: fill(template.text) };
}
