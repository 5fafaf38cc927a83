/**
 * The notices of a changed e-mail address or phone number (issue 37, point 1), in all ten
 * languages: the previous contact is told what it was changed to (masked) and when, so that an
 * owner whose account was taken over learns it; the new one that it is now the account's.
 * The type keeps every language complete.
 */
import type { Locale } from '../../../src/domain/locales';
import { fill } from './texts';

interface ContactTexts {
  mailSubject: string;
  /** To the previous address: changed to {address} at {time}. */
  mailPrevious: string;
  /** To the new address. */
  mailNext: string;
  notYou: string;
  /** To the previous phone number. */
  smsPrevious: string;
  /** To the new phone number. */
  smsNext: string;
}

const en: ContactTexts = {
  mailSubject: 'The e-mail address of your Tessera account was changed',
  mailPrevious: 'The e-mail address of your Tessera account was changed to {address} on {time}. This address no longer receives its messages and codes.',
  mailNext: 'This address has been the e-mail address of your Tessera account since {time}.',
  notYou: 'If you did not make this change, contact our support at once and change your login password.',
  smsPrevious: 'Tessera: the phone number of your account was changed to {address} on {time}. Not you? Contact support at once.',
  smsNext: 'Tessera: this number is now the phone number of your account ({time}). Not you? Contact support at once.',
};

const zh: ContactTexts = {
  mailSubject: '您的 Tessera 账户邮箱已更改',
  mailPrevious: '您的 Tessera 账户邮箱已于 {time} 更改为 {address}。此地址将不再收到该账户的消息和验证码。',
  mailNext: '自 {time} 起，此地址为您的 Tessera 账户邮箱。',
  notYou: '如果这不是您本人的操作，请立即联系客服并修改登录密码。',
  smsPrevious: 'Tessera：您账户的手机号已于 {time} 更改为 {address}。不是您本人操作？请立即联系客服。',
  smsNext: 'Tessera：此号码现为您账户的手机号（{time}）。不是您本人操作？请立即联系客服。',
};

const de: ContactTexts = {
  mailSubject: 'Die E-Mail-Adresse Ihres Tessera-Kontos wurde geändert',
  mailPrevious: 'Die E-Mail-Adresse Ihres Tessera-Kontos wurde am {time} in {address} geändert. Diese Adresse erhält keine Nachrichten und Codes des Kontos mehr.',
  mailNext: 'Diese Adresse ist seit {time} die E-Mail-Adresse Ihres Tessera-Kontos.',
  notYou: 'Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an unseren Support und ändern Sie Ihr Anmeldepasswort.',
  smsPrevious: 'Tessera: Die Telefonnummer Ihres Kontos wurde am {time} in {address} geändert. Nicht Sie? Wenden Sie sich sofort an den Support.',
  smsNext: 'Tessera: Diese Nummer ist jetzt die Telefonnummer Ihres Kontos ({time}). Nicht Sie? Wenden Sie sich sofort an den Support.',
};

const es: ContactTexts = {
  mailSubject: 'Se ha cambiado el correo electrónico de tu cuenta de Tessera',
  mailPrevious: 'El correo electrónico de tu cuenta de Tessera se cambió a {address} el {time}. Esta dirección ya no recibe sus mensajes ni sus códigos.',
  mailNext: 'Desde el {time}, esta dirección es el correo electrónico de tu cuenta de Tessera.',
  notYou: 'Si no has hecho este cambio, contacta con nuestro soporte de inmediato y cambia tu contraseña de acceso.',
  smsPrevious: 'Tessera: el teléfono de tu cuenta se cambió a {address} el {time}. ¿No has sido tú? Contacta con soporte de inmediato.',
  smsNext: 'Tessera: este número es ahora el teléfono de tu cuenta ({time}). ¿No has sido tú? Contacta con soporte de inmediato.',
};

const it: ContactTexts = {
  mailSubject: "L'indirizzo e-mail del tuo account Tessera è stato cambiato",
  mailPrevious: "L'indirizzo e-mail del tuo account Tessera è stato cambiato in {address} il {time}. Questo indirizzo non riceve più i suoi messaggi e codici.",
  mailNext: "Dal {time} questo è l'indirizzo e-mail del tuo account Tessera.",
  notYou: 'Se non hai fatto tu questa modifica, contatta subito il nostro supporto e cambia la password di accesso.',
  smsPrevious: 'Tessera: il numero di telefono del tuo account è stato cambiato in {address} il {time}. Non sei stato tu? Contatta subito il supporto.',
  smsNext: 'Tessera: questo è ora il numero di telefono del tuo account ({time}). Non sei stato tu? Contatta subito il supporto.',
};

const pt: ContactTexts = {
  mailSubject: 'O e-mail da sua conta Tessera foi alterado',
  mailPrevious: 'O e-mail da sua conta Tessera foi alterado para {address} em {time}. Este endereço deixa de receber as mensagens e os códigos da conta.',
  mailNext: 'Desde {time}, este endereço é o e-mail da sua conta Tessera.',
  notYou: 'Se não fez esta alteração, contacte o nosso apoio imediatamente e altere a sua palavra-passe de acesso.',
  smsPrevious: 'Tessera: o telemóvel da sua conta foi alterado para {address} em {time}. Não foi você? Contacte o apoio imediatamente.',
  smsNext: 'Tessera: este número é agora o telemóvel da sua conta ({time}). Não foi você? Contacte o apoio imediatamente.',
};

const nl: ContactTexts = {
  mailSubject: 'Het e-mailadres van uw Tessera-account is gewijzigd',
  mailPrevious: 'Het e-mailadres van uw Tessera-account is op {time} gewijzigd in {address}. Dit adres ontvangt geen berichten en codes van het account meer.',
  mailNext: 'Dit adres is sinds {time} het e-mailadres van uw Tessera-account.',
  notYou: 'Heeft u deze wijziging niet gedaan, neem dan direct contact op met onze support en wijzig uw inlogwachtwoord.',
  smsPrevious: 'Tessera: het telefoonnummer van uw account is op {time} gewijzigd in {address}. Niet u? Neem direct contact op met support.',
  smsNext: 'Tessera: dit nummer is nu het telefoonnummer van uw account ({time}). Niet u? Neem direct contact op met support.',
};

const tzm: ContactTexts = {
  mailSubject: 'Imayl n umiḍan nnek n Tessera ittuybeddal',
  mailPrevious: 'Imayl n umiḍan nnek n Tessera ittuybeddal s {address} g {time}. Tansa-ad ur sar d as-tteddunt tibratin d tengaltin n umiḍan.',
  mailNext: 'Seg {time}, tansa-ad d imayl n umiḍan nnek n Tessera.',
  notYou: 'Ma ur d kečč ay ibeddlen aya, nmyawaḍ d tallalt n imsɣayen ɣas imiren, tbeddleḍ awal n uzray n unekcum.',
  smsPrevious: 'Tessera: uṭṭun n utilifun n umiḍan nnek ittuybeddal s {address} g {time}. Ur d kečč? Nmyawaḍ d tallalt ɣas imiren.',
  smsNext: 'Tessera: uṭṭun-ad d uṭṭun n utilifun n umiḍan nnek ({time}). Ur d kečč? Nmyawaḍ d tallalt ɣas imiren.',
};

const ar: ContactTexts = {
  mailSubject: 'تم تغيير البريد الإلكتروني لحسابك في Tessera',
  mailPrevious: 'تم تغيير البريد الإلكتروني لحسابك في Tessera إلى {address} في {time}. لن يتلقى هذا العنوان رسائل الحساب ورموزه بعد الآن.',
  mailNext: 'أصبح هذا العنوان البريد الإلكتروني لحسابك في Tessera منذ {time}.',
  notYou: 'إذا لم تقم بهذا التغيير، فتواصل مع فريق الدعم فورًا وغيّر كلمة مرور تسجيل الدخول.',
  smsPrevious: 'Tessera: تم تغيير رقم هاتف حسابك إلى {address} في {time}. لست أنت؟ تواصل مع الدعم فورًا.',
  smsNext: 'Tessera: أصبح هذا الرقم رقم هاتف حسابك ({time}). لست أنت؟ تواصل مع الدعم فورًا.',
};

const he: ContactTexts = {
  mailSubject: 'כתובת הדוא"ל של חשבון Tessera שלך שונתה',
  mailPrevious: 'כתובת הדוא"ל של חשבון Tessera שלך שונתה ל-{address} ב-{time}. הכתובת הזו לא תקבל יותר הודעות וקודים של החשבון.',
  mailNext: 'מאז {time} הכתובת הזו היא כתובת הדוא"ל של חשבון Tessera שלך.',
  notYou: 'אם לא ביצעת את השינוי, יש לפנות מיד לצוות התמיכה שלנו ולשנות את סיסמת הכניסה.',
  smsPrevious: 'Tessera: מספר הטלפון של חשבונך שונה ל-{address} ב-{time}. לא את/ה? יש לפנות מיד לתמיכה.',
  smsNext: 'Tessera: המספר הזה הוא עכשיו מספר הטלפון של חשבונך ({time}). לא את/ה? יש לפנות מיד לתמיכה.',
};

export const CONTACT_TEXTS: Record<Locale, ContactTexts> = { en, zh, de, es, it, pt, nl, tzm, ar, he };

/** When the change was made, as the reader's language writes a date and time, in UTC. */
function timeText(locale: Locale, at: Date): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** The mail to the previous address (`to: 'previous'`, told the new one, masked) or to the new one. */
export function contactChangeMail(locale: Locale, to: 'previous' | 'next', address: string, at: Date): { subject: string; text: string } {
  const t = CONTACT_TEXTS[locale];
  const values = { address, time: timeText(locale, at) };
  return {
    subject: t.mailSubject,
    text: [fill(to === 'previous' ? t.mailPrevious : t.mailNext, values), '', t.notYou, '', '— Tessera'].join('\n'),
  };
}

/** The text message to the previous phone number (told the new one, masked) or to the new one. */
export function contactChangeSms(locale: Locale, to: 'previous' | 'next', address: string, at: Date): string {
  const t = CONTACT_TEXTS[locale];
  return fill(to === 'previous' ? t.smsPrevious : t.smsNext, { address, time: timeText(locale, at) });
}
