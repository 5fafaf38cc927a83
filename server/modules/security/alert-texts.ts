/**
 * What the security alerts say (e-mail and push, in the user's language): a security change, a
 * withdrawal requested, an address added to the withdrawal address book, a sign-in from a new device; and the anti-phishing line every e-mail to a
 * user starts with. The type keeps every language complete. Times are written in UTC.
 */
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';
import type { SecurityChangeKind } from './changes';

interface AlertTexts {
  change: Record<SecurityChangeKind, string>;
  changeTitle: string;
  changeBody: string;
  withdrawalTitle: string;
  withdrawalBody: string;
  addressTitle: string;
  addressBody: string;
  signInTitle: string;
  signInBody: string;
  antiPhishing: string;
  antiPhishingSetTitle: string;
  antiPhishingSetBody: string;
}

const TEXTS: Record<Locale, AlertTexts> = {
  en: {
    change: {
      password: 'Your login password was changed',
      passwordReset: 'Your login password was reset with a code',
      payPassword: 'Your payment password was changed',
      email: 'The e-mail address of your account was changed',
      phone: 'The phone number of your account was changed',
      totpOn: 'An authenticator app was set up for your account',
      totpOff: 'The authenticator app of your account was turned off',
      passkeyAdded: 'A passkey was added to your account',
      passkeyRemoved: 'A passkey was removed from your account',
      addressBookLock: 'The address-book lock of your withdrawals was changed',
      operatorReset: 'Our support reset the second factor of your account',
    },
    changeTitle: 'Security change on your Tessera account',
    changeBody: '{what} on {time} (UTC). Your other sessions were signed out, and withdrawals are paused until {until} (UTC). If this was not you, reset your password and contact support at once.',
    withdrawalTitle: 'Withdrawal requested: {amount} {asset}',
    withdrawalBody: 'A withdrawal of {amount} {asset} to {destination} was requested on {time} (UTC). If this was not you, contact support at once.',
    addressTitle: "Withdrawal address added: {label}",
    addressBody: "\"{label}\" ({destination}) was added to your withdrawal address book on {time} (UTC). It can be used from {usable} (UTC). If this was not you, remove it in the address book, change your passwords and contact support at once.",
    signInTitle: 'New sign-in to your Tessera account',
    signInBody: 'Your account was signed in on {time} (UTC) from {device}, address {ip}. If this was not you, change your password and contact support.',
    antiPhishing: 'Your anti-phishing code: {code}',
    antiPhishingSetTitle: 'Your anti-phishing code was set',
    antiPhishingSetBody: 'From now on every e-mail from Tessera starts with your anti-phishing code. A message without it, or with another one, is not from us.',
  },
  zh: {
    change: {
      password: '您的登录密码已更改',
      passwordReset: '您的登录密码已通过验证码重置',
      payPassword: '您的支付密码已更改',
      email: '您账户的电子邮箱已更改',
      phone: '您账户的手机号码已更改',
      totpOn: '您的账户已设置身份验证器应用',
      totpOff: '您账户的身份验证器应用已关闭',
      passkeyAdded: '您的账户已添加通行密钥',
      passkeyRemoved: '您的账户已移除通行密钥',
      addressBookLock: '您的提现地址簿锁定已更改',
      operatorReset: '客服已重置您账户的第二重验证',
    },
    changeTitle: '您的 Tessera 账户有安全变更',
    changeBody: '{what}，时间 {time}（UTC）。您的其他会话已退出，提现暂停至 {until}（UTC）。如果这不是您本人的操作，请立即重置密码并联系客服。',
    withdrawalTitle: '提现申请：{amount} {asset}',
    withdrawalBody: '{time}（UTC）申请了一笔 {amount} {asset} 的提现，目的地 {destination}。如果这不是您本人的操作，请立即联系客服。',
    addressTitle: "已添加提现地址：{label}",
    addressBody: "{time}（UTC）您的提现地址簿中添加了“{label}”（{destination}）。该地址自 {usable}（UTC）起可用。如果这不是您本人的操作，请立即在地址簿中删除它、修改密码并联系客服。",
    signInTitle: '您的 Tessera 账户有新的登录',
    signInBody: '您的账户于 {time}（UTC）在 {device} 上登录，地址 {ip}。如果这不是您本人，请更改密码并联系客服。',
    antiPhishing: '您的防钓鱼码：{code}',
    antiPhishingSetTitle: '您的防钓鱼码已设置',
    antiPhishingSetBody: '从现在起，Tessera 发出的每封邮件开头都会显示您的防钓鱼码。没有防钓鱼码或防钓鱼码不同的邮件都不是我们发出的。',
  },
  de: {
    change: {
      password: 'Ihr Anmeldepasswort wurde geändert',
      passwordReset: 'Ihr Anmeldepasswort wurde mit einem Code zurückgesetzt',
      payPassword: 'Ihr Zahlungspasswort wurde geändert',
      email: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
      phone: 'Die Telefonnummer Ihres Kontos wurde geändert',
      totpOn: 'Für Ihr Konto wurde eine Authenticator-App eingerichtet',
      totpOff: 'Die Authenticator-App Ihres Kontos wurde ausgeschaltet',
      passkeyAdded: 'Ihrem Konto wurde ein Passkey hinzugefügt',
      passkeyRemoved: 'Ein Passkey wurde aus Ihrem Konto entfernt',
      addressBookLock: 'Die Adressbuch-Sperre Ihrer Auszahlungen wurde geändert',
      operatorReset: 'Unser Support hat den zweiten Faktor Ihres Kontos zurückgesetzt',
    },
    changeTitle: 'Sicherheitsänderung an Ihrem Tessera-Konto',
    changeBody: '{what}, am {time} (UTC). Ihre anderen Sitzungen wurden abgemeldet, und Auszahlungen sind bis {until} (UTC) pausiert. Wenn Sie das nicht waren, setzen Sie Ihr Passwort zurück und kontaktieren Sie sofort den Support.',
    withdrawalTitle: 'Auszahlung beantragt: {amount} {asset}',
    withdrawalBody: 'Am {time} (UTC) wurde eine Auszahlung von {amount} {asset} an {destination} beantragt. Wenn Sie das nicht waren, kontaktieren Sie sofort den Support.',
    addressTitle: "Auszahlungsadresse hinzugefügt: {label}",
    addressBody: "„{label}“ ({destination}) wurde am {time} (UTC) zu Ihrem Auszahlungs-Adressbuch hinzugefügt. Sie kann ab {usable} (UTC) verwendet werden. Wenn Sie das nicht waren, entfernen Sie sie im Adressbuch, ändern Sie Ihre Passwörter und kontaktieren Sie sofort den Support.",
    signInTitle: 'Neue Anmeldung bei Ihrem Tessera-Konto',
    signInBody: 'Ihr Konto wurde am {time} (UTC) von {device} angemeldet, Adresse {ip}. Wenn Sie das nicht waren, ändern Sie Ihr Passwort und kontaktieren Sie den Support.',
    antiPhishing: 'Ihr Anti-Phishing-Code: {code}',
    antiPhishingSetTitle: 'Ihr Anti-Phishing-Code wurde festgelegt',
    antiPhishingSetBody: 'Ab jetzt beginnt jede E-Mail von Tessera mit Ihrem Anti-Phishing-Code. Eine Nachricht ohne ihn oder mit einem anderen ist nicht von uns.',
  },
  es: {
    change: {
      password: 'Se cambió su contraseña de acceso',
      passwordReset: 'Se restableció su contraseña de acceso con un código',
      payPassword: 'Se cambió su contraseña de pago',
      email: 'Se cambió el correo electrónico de su cuenta',
      phone: 'Se cambió el número de teléfono de su cuenta',
      totpOn: 'Se configuró una aplicación de autenticación en su cuenta',
      totpOff: 'Se desactivó la aplicación de autenticación de su cuenta',
      passkeyAdded: 'Se añadió una llave de acceso a su cuenta',
      passkeyRemoved: 'Se eliminó una llave de acceso de su cuenta',
      addressBookLock: 'Se cambió el bloqueo de la libreta de direcciones de sus retiros',
      operatorReset: 'Nuestro soporte restableció el segundo factor de su cuenta',
    },
    changeTitle: 'Cambio de seguridad en su cuenta de Tessera',
    changeBody: '{what} el {time} (UTC). Se cerraron sus otras sesiones y los retiros están en pausa hasta el {until} (UTC). Si no fue usted, restablezca su contraseña y contacte con soporte de inmediato.',
    withdrawalTitle: 'Retiro solicitado: {amount} {asset}',
    withdrawalBody: 'El {time} (UTC) se solicitó un retiro de {amount} {asset} a {destination}. Si no fue usted, contacte con soporte de inmediato.',
    addressTitle: "Dirección de retiro añadida: {label}",
    addressBody: "«{label}» ({destination}) se añadió a su libreta de direcciones de retiro el {time} (UTC). Podrá usarse desde el {usable} (UTC). Si no fue usted, elimínela en la libreta, cambie sus contraseñas y contacte con soporte de inmediato.",
    signInTitle: 'Nuevo inicio de sesión en su cuenta de Tessera',
    signInBody: 'Se inició sesión en su cuenta el {time} (UTC) desde {device}, dirección {ip}. Si no fue usted, cambie su contraseña y contacte con soporte.',
    antiPhishing: 'Su código antiphishing: {code}',
    antiPhishingSetTitle: 'Se estableció su código antiphishing',
    antiPhishingSetBody: 'A partir de ahora, cada correo de Tessera empieza con su código antiphishing. Un mensaje sin él, o con otro, no es nuestro.',
  },
  it: {
    change: {
      password: 'La tua password di accesso è stata cambiata',
      passwordReset: 'La tua password di accesso è stata reimpostata con un codice',
      payPassword: 'La tua password di pagamento è stata cambiata',
      email: "L'indirizzo e-mail del tuo account è stato cambiato",
      phone: 'Il numero di telefono del tuo account è stato cambiato',
      totpOn: "È stata configurata un'app di autenticazione per il tuo account",
      totpOff: "L'app di autenticazione del tuo account è stata disattivata",
      passkeyAdded: 'Una passkey è stata aggiunta al tuo account',
      passkeyRemoved: 'Una passkey è stata rimossa dal tuo account',
      addressBookLock: 'Il blocco della rubrica dei tuoi prelievi è stato cambiato',
      operatorReset: 'Il nostro supporto ha reimpostato il secondo fattore del tuo account',
    },
    changeTitle: 'Modifica di sicurezza sul tuo account Tessera',
    changeBody: "{what} il {time} (UTC). Le tue altre sessioni sono state chiuse e i prelievi sono sospesi fino al {until} (UTC). Se non sei stato tu, reimposta la password e contatta subito l'assistenza.",
    withdrawalTitle: 'Prelievo richiesto: {amount} {asset}',
    withdrawalBody: "Il {time} (UTC) è stato richiesto un prelievo di {amount} {asset} verso {destination}. Se non sei stato tu, contatta subito l'assistenza.",
    addressTitle: "Indirizzo di prelievo aggiunto: {label}",
    addressBody: "«{label}» ({destination}) è stato aggiunto alla tua rubrica di prelievo il {time} (UTC). Potrà essere usato dal {usable} (UTC). Se non sei stato tu, rimuovilo dalla rubrica, cambia le password e contatta subito l'assistenza.",
    signInTitle: 'Nuovo accesso al tuo account Tessera',
    signInBody: "Il tuo account ha effettuato l'accesso il {time} (UTC) da {device}, indirizzo {ip}. Se non sei stato tu, cambia la password e contatta l'assistenza.",
    antiPhishing: 'Il tuo codice anti-phishing: {code}',
    antiPhishingSetTitle: 'Il tuo codice anti-phishing è stato impostato',
    antiPhishingSetBody: "D'ora in poi ogni e-mail di Tessera inizia con il tuo codice anti-phishing. Un messaggio senza codice, o con un altro, non è nostro.",
  },
  pt: {
    change: {
      password: 'A sua palavra-passe de acesso foi alterada',
      passwordReset: 'A sua palavra-passe de acesso foi redefinida com um código',
      payPassword: 'A sua palavra-passe de pagamento foi alterada',
      email: 'O e-mail da sua conta foi alterado',
      phone: 'O número de telefone da sua conta foi alterado',
      totpOn: 'Foi configurada uma aplicação de autenticação na sua conta',
      totpOff: 'A aplicação de autenticação da sua conta foi desativada',
      passkeyAdded: 'Foi adicionada uma chave de acesso à sua conta',
      passkeyRemoved: 'Foi removida uma chave de acesso da sua conta',
      addressBookLock: 'O bloqueio do livro de endereços das suas retiradas foi alterado',
      operatorReset: 'O nosso suporte redefiniu o segundo fator da sua conta',
    },
    changeTitle: 'Alteração de segurança na sua conta Tessera',
    changeBody: '{what} em {time} (UTC). As suas outras sessões foram terminadas e as retiradas estão em pausa até {until} (UTC). Se não foi você, redefina a palavra-passe e contacte o suporte de imediato.',
    withdrawalTitle: 'Retirada pedida: {amount} {asset}',
    withdrawalBody: 'Em {time} (UTC) foi pedida uma retirada de {amount} {asset} para {destination}. Se não foi você, contacte o suporte de imediato.',
    addressTitle: "Endereço de retirada adicionado: {label}",
    addressBody: "«{label}» ({destination}) foi adicionado ao seu livro de endereços de retirada em {time} (UTC). Pode ser usado a partir de {usable} (UTC). Se não foi você, remova-o no livro de endereços, altere as suas palavras-passe e contacte o suporte de imediato.",
    signInTitle: 'Novo início de sessão na sua conta Tessera',
    signInBody: 'A sua conta iniciou sessão em {time} (UTC) a partir de {device}, endereço {ip}. Se não foi você, altere a palavra-passe e contacte o suporte.',
    antiPhishing: 'O seu código antiphishing: {code}',
    antiPhishingSetTitle: 'O seu código antiphishing foi definido',
    antiPhishingSetBody: 'A partir de agora, cada e-mail da Tessera começa com o seu código antiphishing. Uma mensagem sem ele, ou com outro, não é nossa.',
  },
  tzm: {
    change: {
      password: 'Awal n uzray n ukcam nnek ittubeddel',
      passwordReset: 'Awal n uzray n ukcam nnek ittuɛawed s yat tangalt',
      payPassword: 'Awal n uzray n ufru nnek ittubeddel',
      email: 'Tansa n imayl n umiḍan nnek tettubeddel',
      phone: 'Uṭṭun n utilifun n umiḍan nnek ittubeddel',
      totpOn: 'Yan usnas n usentem ittusbedd i umiḍan nnek',
      totpOff: 'Asnas n usentem n umiḍan nnek ittusens',
      passkeyAdded: 'Yat tsarut n ukcam tettuernu i umiḍan nnek',
      passkeyRemoved: 'Yat tsarut n ukcam tettukkes g umiḍan nnek',
      addressBookLock: 'Aqfal n ukamus n tansiwin n usufeɣ nnek ittubeddel',
      operatorReset: 'Tallalt nneɣ tɛawed asbeddi n usentem wis sin n umiḍan nnek',
    },
    changeTitle: 'Abeddel n tɣellist g umiḍan nnek n Tessera',
    changeBody: '{what} g {time} (UTC). Tiɣimiyin nnek yaḍnin ttuḥebsent, asufeɣ n idrimen yettwaḥbes ar {until} (UTC). Ma ur d kečč ay t-iskern, ɛawd awal n uzray tmmesawaleḍ d tallalt imir-a.',
    withdrawalTitle: 'Tuttra n usufeɣ: {amount} {asset}',
    withdrawalBody: 'Yat tuttra n usufeɣ n {amount} {asset} ɣer {destination} tettusker g {time} (UTC). Ma ur d kečč ay t-iskern, mmesawal d tallalt imir-a.',
    addressTitle: "Tansa n usufeɣ tettwarna: {label}",
    addressBody: "\"{label}\" ({destination}) tettwarna ɣer ukamus n tansiwin n usufeɣ nnek g {time} (UTC). Ad tettusemres seg {usable} (UTC). Ma ur d kečč ay tt-yernan, kkes-tt g ukamus, beddel awalen n uzray nnek, tmmesawaleḍ d tallalt imir-a.",
    signInTitle: 'Akcam amaynu ɣer umiḍan nnek n Tessera',
    signInBody: 'Ittukcem ɣer umiḍan nnek g {time} (UTC) seg {device}, tansa {ip}. Ma ur d kečč, beddel awal n uzray tmmesawaleḍ d tallalt.',
    antiPhishing: 'Tangalt nnek mgal usgunfu: {code}',
    antiPhishingSetTitle: 'Tangalt nnek mgal usgunfu tettusbedd',
    antiPhishingSetBody: 'Seg ass-a, kra n imayl n Tessera ad ibdu s tengalt nnek mgal usgunfu. Yat tuzinkt bla nettat, neɣ s yat yaḍn, ur tga tin nneɣ.',
  },
  ar: {
    change: {
      password: 'تم تغيير كلمة مرور تسجيل الدخول',
      passwordReset: 'تمت إعادة تعيين كلمة مرور تسجيل الدخول برمز',
      payPassword: 'تم تغيير كلمة مرور الدفع',
      email: 'تم تغيير البريد الإلكتروني لحسابك',
      phone: 'تم تغيير رقم هاتف حسابك',
      totpOn: 'تم إعداد تطبيق مصادقة لحسابك',
      totpOff: 'تم إيقاف تطبيق المصادقة لحسابك',
      passkeyAdded: 'تمت إضافة مفتاح مرور إلى حسابك',
      passkeyRemoved: 'تمت إزالة مفتاح مرور من حسابك',
      addressBookLock: 'تم تغيير قفل دفتر عناوين السحب',
      operatorReset: 'أعاد فريق الدعم تعيين العامل الثاني لحسابك',
    },
    changeTitle: 'تغيير أمني في حسابك على Tessera',
    changeBody: '{what} في {time} (UTC). تم تسجيل خروج جلساتك الأخرى، والسحب متوقف حتى {until} (UTC). إن لم تكن أنت، فأعد تعيين كلمة المرور وتواصل مع الدعم فورًا.',
    withdrawalTitle: 'طلب سحب: {amount} {asset}',
    withdrawalBody: 'طُلب سحب {amount} {asset} إلى {destination} في {time} (UTC). إن لم تكن أنت، فتواصل مع الدعم فورًا.',
    addressTitle: "أُضيف عنوان سحب: {label}",
    addressBody: "أُضيف «{label}» ({destination}) إلى دفتر عناوين السحب في {time} (UTC). يمكن استخدامه بدءًا من {usable} (UTC). إن لم تكن أنت، فاحذفه من الدفتر وغيّر كلمات المرور وتواصل مع الدعم فورًا.",
    signInTitle: 'تسجيل دخول جديد إلى حسابك على Tessera',
    signInBody: 'تم تسجيل الدخول إلى حسابك في {time} (UTC) من {device}، العنوان {ip}. إن لم تكن أنت، فغيّر كلمة المرور وتواصل مع الدعم.',
    antiPhishing: 'رمز مكافحة التصيّد الخاص بك: {code}',
    antiPhishingSetTitle: 'تم تعيين رمز مكافحة التصيّد',
    antiPhishingSetBody: 'من الآن فصاعدًا تبدأ كل رسالة بريد من Tessera برمز مكافحة التصيّد الخاص بك. الرسالة التي لا تحمله، أو تحمل رمزًا آخر، ليست منا.',
  },
  nl: {
    change: {
      password: 'Uw aanmeldwachtwoord is gewijzigd',
      passwordReset: 'Uw aanmeldwachtwoord is met een code opnieuw ingesteld',
      payPassword: 'Uw betaalwachtwoord is gewijzigd',
      email: 'Het e-mailadres van uw account is gewijzigd',
      phone: 'Het telefoonnummer van uw account is gewijzigd',
      totpOn: 'Er is een authenticator-app ingesteld voor uw account',
      totpOff: 'De authenticator-app van uw account is uitgezet',
      passkeyAdded: 'Er is een passkey aan uw account toegevoegd',
      passkeyRemoved: 'Er is een passkey van uw account verwijderd',
      addressBookLock: 'De adresboekvergrendeling van uw opnames is gewijzigd',
      operatorReset: 'Onze support heeft de tweede factor van uw account opnieuw ingesteld',
    },
    changeTitle: 'Beveiligingswijziging in uw Tessera-account',
    changeBody: '{what} op {time} (UTC). Uw andere sessies zijn afgemeld en opnames zijn gepauzeerd tot {until} (UTC). Was u dit niet, stel dan uw wachtwoord opnieuw in en neem direct contact op met support.',
    withdrawalTitle: 'Opname aangevraagd: {amount} {asset}',
    withdrawalBody: 'Op {time} (UTC) is een opname van {amount} {asset} naar {destination} aangevraagd. Was u dit niet, neem dan direct contact op met support.',
    addressTitle: "Opnameadres toegevoegd: {label}",
    addressBody: "\"{label}\" ({destination}) is op {time} (UTC) aan uw adresboek voor opnames toegevoegd. Het kan vanaf {usable} (UTC) worden gebruikt. Was u dit niet, verwijder het dan in het adresboek, wijzig uw wachtwoorden en neem direct contact op met support.",
    signInTitle: 'Nieuwe aanmelding bij uw Tessera-account',
    signInBody: 'Er is op {time} (UTC) aangemeld bij uw account vanaf {device}, adres {ip}. Was u dit niet, wijzig dan uw wachtwoord en neem contact op met support.',
    antiPhishing: 'Uw antiphishingcode: {code}',
    antiPhishingSetTitle: 'Uw antiphishingcode is ingesteld',
    antiPhishingSetBody: 'Vanaf nu begint elke e-mail van Tessera met uw antiphishingcode. Een bericht zonder die code, of met een andere, komt niet van ons.',
  },
  he: {
    change: {
      password: 'סיסמת הכניסה שלכם שונתה',
      passwordReset: 'סיסמת הכניסה שלכם אופסה באמצעות קוד',
      payPassword: 'סיסמת התשלום שלכם שונתה',
      email: 'כתובת הדוא"ל של החשבון שונתה',
      phone: 'מספר הטלפון של החשבון שונה',
      totpOn: 'הוגדרה אפליקציית אימות לחשבון שלכם',
      totpOff: 'אפליקציית האימות של החשבון כובתה',
      passkeyAdded: 'נוסף מפתח גישה לחשבון שלכם',
      passkeyRemoved: 'הוסר מפתח גישה מהחשבון שלכם',
      addressBookLock: 'נעילת פנקס הכתובות של המשיכות שונתה',
      operatorReset: 'התמיכה שלנו איפסה את הגורם השני של החשבון שלכם',
    },
    changeTitle: 'שינוי אבטחה בחשבון Tessera שלכם',
    changeBody: '{what} ב-{time} (UTC). החיבורים האחרים שלכם נותקו, והמשיכות מושהות עד {until} (UTC). אם לא אתם ביצעתם זאת, אפסו את הסיסמה ופנו לתמיכה מיד.',
    withdrawalTitle: 'התבקשה משיכה: {amount} {asset}',
    withdrawalBody: 'ב-{time} (UTC) התבקשה משיכה של {amount} {asset} אל {destination}. אם לא אתם ביצעתם זאת, פנו לתמיכה מיד.',
    addressTitle: "נוספה כתובת משיכה: {label}",
    addressBody: "\"{label}\" ({destination}) נוספה לפנקס כתובות המשיכה שלכם ב-{time} (UTC). אפשר להשתמש בה החל מ-{usable} (UTC). אם לא אתם הוספתם אותה, הסירו אותה בפנקס, שנו את הסיסמאות ופנו לתמיכה מיד.",
    signInTitle: 'כניסה חדשה לחשבון Tessera שלכם',
    signInBody: 'בוצעה כניסה לחשבון שלכם ב-{time} (UTC) מ-{device}, כתובת {ip}. אם לא אתם, שנו את הסיסמה ופנו לתמיכה.',
    antiPhishing: 'קוד האנטי-פישינג שלכם: {code}',
    antiPhishingSetTitle: 'קוד האנטי-פישינג שלכם הוגדר',
    antiPhishingSetBody: 'מעכשיו כל הודעת דוא"ל מ-Tessera מתחילה בקוד האנטי-פישינג שלכם. הודעה בלעדיו, או עם קוד אחר, אינה מאיתנו.',
  },
};

export function alertTexts(locale: string): AlertTexts {
  return TEXTS[isLocale(locale) ? locale : FALLBACK_LOCALE];
}

/** `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A moment as alerts write it: 2026-11-28 08:14 (UTC, said beside it). */
export function alertTime(at: Date): string {
  return at.toISOString().slice(0, 16).replace('T', ' ');
}
