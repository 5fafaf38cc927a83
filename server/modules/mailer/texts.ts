/**
 * The texts of verification messages (e-mail subject and body, SMS), in all ten languages.
 * The type keeps every language complete.
 */
import type { Locale } from '../../../src/domain/locales';
import type { CodePurpose } from '../../../src/domain/validation';

interface CodeTexts {
  subject: Record<CodePurpose, string>;
  /** What the code is for, as the first sentence. */
  intro: Record<CodePurpose, string>;
  validity: string;
  ignore: string;
  sms: string;
}

const en: CodeTexts = {
  subject: {
    register: 'Your Tessera sign-up code',
    reset: 'Your Tessera password reset code',
    bind: 'Your Tessera verification code',
  },
  intro: {
    register: 'Your code to create a Tessera account is {code}.',
    reset: 'Your code to reset your Tessera password is {code}.',
    bind: 'Your code to link this address to your Tessera account is {code}.',
  },
  validity: 'It is valid for {minutes} minutes. Never share it with anyone, including our support.',
  ignore: 'If you did not ask for it, you can ignore this message.',
  sms: 'Tessera code: {code}. Valid for {minutes} min. Never share it.',
};

const zh: CodeTexts = {
  subject: { register: 'Tessera 注册验证码', reset: 'Tessera 重置密码验证码', bind: 'Tessera 验证码' },
  intro: {
    register: '您创建 Tessera 账户的验证码是 {code}。',
    reset: '您重置 Tessera 密码的验证码是 {code}。',
    bind: '您将此地址绑定到 Tessera 账户的验证码是 {code}。',
  },
  validity: '验证码 {minutes} 分钟内有效。请勿告诉任何人，包括客服。',
  ignore: '如果这不是您本人的操作，请忽略此消息。',
  sms: 'Tessera 验证码：{code}，{minutes} 分钟内有效，请勿泄露。',
};

const de: CodeTexts = {
  subject: {
    register: 'Ihr Tessera-Registrierungscode',
    reset: 'Ihr Code zum Zurücksetzen des Tessera-Passworts',
    bind: 'Ihr Tessera-Bestätigungscode',
  },
  intro: {
    register: 'Ihr Code zum Anlegen eines Tessera-Kontos lautet {code}.',
    reset: 'Ihr Code zum Zurücksetzen Ihres Tessera-Passworts lautet {code}.',
    bind: 'Ihr Code, um diese Adresse mit Ihrem Tessera-Konto zu verknüpfen, lautet {code}.',
  },
  validity: 'Er ist {minutes} Minuten gültig. Geben Sie ihn niemandem weiter, auch nicht unserem Support.',
  ignore: 'Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
  sms: 'Tessera-Code: {code}. {minutes} Min. gültig. Niemals weitergeben.',
};

const es: CodeTexts = {
  subject: {
    register: 'Tu código de registro de Tessera',
    reset: 'Tu código para restablecer la contraseña de Tessera',
    bind: 'Tu código de verificación de Tessera',
  },
  intro: {
    register: 'Tu código para crear una cuenta de Tessera es {code}.',
    reset: 'Tu código para restablecer tu contraseña de Tessera es {code}.',
    bind: 'Tu código para vincular esta dirección a tu cuenta de Tessera es {code}.',
  },
  validity: 'Es válido durante {minutes} minutos. No lo compartas con nadie, ni siquiera con nuestro soporte.',
  ignore: 'Si no lo has solicitado, puedes ignorar este mensaje.',
  sms: 'Código de Tessera: {code}. Válido {minutes} min. No lo compartas.',
};

const it: CodeTexts = {
  subject: {
    register: 'Il tuo codice di registrazione Tessera',
    reset: 'Il tuo codice per reimpostare la password Tessera',
    bind: 'Il tuo codice di verifica Tessera',
  },
  intro: {
    register: 'Il tuo codice per creare un account Tessera è {code}.',
    reset: 'Il tuo codice per reimpostare la password Tessera è {code}.',
    bind: 'Il tuo codice per collegare questo indirizzo al tuo account Tessera è {code}.',
  },
  validity: 'È valido per {minutes} minuti. Non condividerlo con nessuno, nemmeno con il nostro supporto.',
  ignore: 'Se non lo hai richiesto, puoi ignorare questo messaggio.',
  sms: 'Codice Tessera: {code}. Valido {minutes} min. Non condividerlo.',
};

const pt: CodeTexts = {
  subject: {
    register: 'O seu código de registo Tessera',
    reset: 'O seu código para redefinir a palavra-passe Tessera',
    bind: 'O seu código de verificação Tessera',
  },
  intro: {
    register: 'O seu código para criar uma conta Tessera é {code}.',
    reset: 'O seu código para redefinir a palavra-passe Tessera é {code}.',
    bind: 'O seu código para associar este endereço à sua conta Tessera é {code}.',
  },
  validity: 'É válido durante {minutes} minutos. Nunca o partilhe com ninguém, nem com o nosso apoio.',
  ignore: 'Se não o pediu, pode ignorar esta mensagem.',
  sms: 'Código Tessera: {code}. Válido {minutes} min. Não partilhe.',
};

const nl: CodeTexts = {
  subject: {
    register: 'Uw Tessera-registratiecode',
    reset: 'Uw code om uw Tessera-wachtwoord te herstellen',
    bind: 'Uw Tessera-verificatiecode',
  },
  intro: {
    register: 'Uw code om een Tessera-account aan te maken is {code}.',
    reset: 'Uw code om uw Tessera-wachtwoord te herstellen is {code}.',
    bind: 'Uw code om dit adres aan uw Tessera-account te koppelen is {code}.',
  },
  validity: 'De code is {minutes} minuten geldig. Deel hem met niemand, ook niet met onze support.',
  ignore: 'Heeft u hier niet om gevraagd, dan kunt u dit bericht negeren.',
  sms: 'Tessera-code: {code}. {minutes} min geldig. Nooit delen.',
};

const tzm: CodeTexts = {
  "subject": {
    "register": "Tangalt nnek n ujerred g Tessera",
    "reset": "Tangalt nnek n walas n wawal n uzray n Tessera",
    "bind": "Tangalt nnek n usenqed n Tessera"
  },
  "intro": {
    "register": "Tangalt nnek ḥma ad tesnulfuḍ amiḍan n Tessera d {code}.",
    "reset": "Tangalt nnek ḥma ad talseḍ awal n uzray nnek n Tessera d {code}.",
    "bind": "Tangalt nnek ḥma ad teqqneḍ tansa-ad ɣer umiḍan nnek n Tessera d {code}."
  },
  "validity": "Tṣeḥḥa i {minutes} n tusdidin. Ur tt-tbeḍḍu sar d yan, ula d tarbaɛt n tallalt nneɣ.",
  "ignore": "Ma ur tt-tessutreḍ, tzemreḍ ad tsemmḥeḍ i tebrat-ad.",
  "sms": "Tangalt n Tessera: {code}. Tṣeḥḥa i {minutes} n tusdidin. Ur tt-tbeḍḍu d yan."
};

const ar: CodeTexts = {
  "subject": {
    "register": "رمز التسجيل في Tessera",
    "reset": "رمز إعادة تعيين كلمة مرور Tessera",
    "bind": "رمز التحقق من Tessera"
  },
  "intro": {
    "register": "رمز إنشاء حسابك في Tessera هو {code}.",
    "reset": "رمز إعادة تعيين كلمة مرورك في Tessera هو {code}.",
    "bind": "رمز ربط هذا العنوان بحسابك في Tessera هو {code}."
  },
  "validity": "الرمز صالح لمدة {minutes} دقيقة. لا تشاركه مع أي شخص، ولا حتى مع فريق الدعم لدينا.",
  "ignore": "إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.",
  "sms": "رمز Tessera: {code}. صالح لمدة {minutes} دقيقة. لا تشاركه مع أحد."
};

const he: CodeTexts = {
  "subject": {
    "register": "קוד ההרשמה שלך ל-Tessera",
    "reset": "הקוד שלך לאיפוס הסיסמה ב-Tessera",
    "bind": "קוד האימות שלך ב-Tessera"
  },
  "intro": {
    "register": "הקוד שלך ליצירת חשבון Tessera הוא {code}.",
    "reset": "הקוד שלך לאיפוס הסיסמה ב-Tessera הוא {code}.",
    "bind": "הקוד שלך לקישור הכתובת הזו לחשבון Tessera שלך הוא {code}."
  },
  "validity": "הקוד בתוקף למשך {minutes} דקות. אין למסור אותו לאף אחד, גם לא לצוות התמיכה שלנו.",
  "ignore": "אם לא ביקשת את הקוד, אפשר להתעלם מהודעה זו.",
  "sms": "קוד Tessera: {code}. בתוקף {minutes} דק'. אין למסור אותו לאיש."
};

export const CODE_TEXTS: Record<Locale, CodeTexts> = { en, zh, de, es, it, pt, nl, tzm, ar, he };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function codeMail(locale: Locale, purpose: CodePurpose, code: string, minutes: number): { subject: string; text: string } {
  const t = CODE_TEXTS[locale];
  const values = { code, minutes };
  return {
    subject: t.subject[purpose],
    text: [fill(t.intro[purpose], values), '', fill(t.validity, values), fill(t.ignore, values), '', '— Tessera'].join('\n'),
  };
}

export function codeSms(locale: Locale, code: string, minutes: number): string {
  return fill(CODE_TEXTS[locale].sms, { code, minutes });
}
