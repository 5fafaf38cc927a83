/**
 * The glossary: the product's nouns, decided once per language. Every catalogue
 * (src/locales/<lang>/shell.po, messages.po, errors.ts) and every content page
 * (server/modules/news/content/<piece>/<lang>.md) follows it; tests/unit/locales/glossary.test.ts
 * holds them to it. A new text that names one of these things uses the word given here; a word
 * under `avoid` fails the test, naming the file, the language and the word.
 *
 * - `names`: the catalogue texts (English msgids) that are the thing's own name — a screen title,
 *   a tab. Their translation in every language contains one of the language's `use` words.
 * - `use`: the words for it, written as the stem a text contains (lower case; a German compound or
 *   an inflected form still contains it). The first is the name the screens use.
 * - `avoid`: words that must not be used for it, each because it names something else. Matched
 *   as lower-case parts of a text (soft hyphens ignored), so they are chosen not to occur inside
 *   unrelated words.
 *
 * Decisions (docs/glossary.md says why for each):
 * - The pledge is not "Staking" in any language: staking is locking coins to run a blockchain,
 *   which this product is not; it is an amount set aside for a term that earns interest from the
 *   platform, and each language calls it like that kind of bank product.
 * - The bank account a withdrawal goes to and a transfer comes from is a bank account (IBAN),
 *   never a bank card: no card is involved anywhere.
 */
import type { Locale } from './locales';

export interface GlossaryTerm {
  /** What it is, for whoever writes a text. */
  meaning: string;
  /** The English texts of the catalogue that are its name (screen titles, tabs). */
  names: readonly string[];
  /** Per language: the words for it, lower case, the name first. */
  use: Record<Locale, readonly string[]>;
  /** Per language: words that must not stand for it. */
  avoid: Partial<Record<Locale, readonly string[]>>;
}

export const GLOSSARY = {
  pledge: {
    meaning: 'USDT set aside for a fixed term, earning daily interest paid from the platform’s interest account (/pledge)',
    names: ['Pledge', 'New pledge', 'Pledge records'],
    use: {
      en: ['pledge'],
      zh: ['质押'],
      de: ['zinsanlage'],
      es: ['plazo fijo', 'plazos fijos'],
      it: ['vincol'],
      pt: ['aplicaç', 'aplicado'],
      tzm: ['ṛhen'],
      ar: ['رهن', 'الرهن'],
      nl: ['termijndeposito'],
      he: ['שעבוד'],
    },
    avoid: {
      en: ['staking', 'stake'],
      zh: ['挖矿', '理财'],
      de: ['staking', 'staken', 'festgeld'],
      es: ['staking'],
      it: ['staking'],
      pt: ['staking'],
      tzm: ['staking', 'rrhen'],
      ar: ['staking', 'التخزين', 'ستاكينغ'],
      nl: ['staking'],
      he: ['staking', 'סטייקינג'],
    },
  },
  conversion: {
    meaning: 'changing EUR into USDT or back at the platform’s rate (/transfer)',
    names: ['Convert'],
    use: {
      en: ['convert', 'conversion'],
      zh: ['兑换'],
      de: ['umtausch', 'umtauschen', 'umgetauscht'],
      es: ['conver'],
      it: ['conver'],
      pt: ['conver'],
      tzm: ['beddel'],
      ar: ['تحويل', 'حوّل', 'حول'],
      nl: ['omzet', 'omgezet'],
      he: ['המר', 'להמיר'],
    },
    avoid: {
      zh: ['闪兑'],
      de: ['konvertier'],
      nl: ['conversie'],
    },
  },
  bankAccount: {
    meaning: 'the bank account (IBAN) a withdrawal in EUR goes to and a deposit in EUR comes from; no card is involved',
    names: ['Bank account saved'],
    use: {
      en: ['bank account', 'iban'],
      zh: ['银行账户', 'iban'],
      de: ['bankkonto', 'iban'],
      es: ['cuenta bancaria', 'iban'],
      it: ['conto bancario', 'iban'],
      pt: ['conta bancária', 'iban'],
      tzm: ['amiḍan n lbanka', 'iban'],
      ar: ['الحساب المصرفي', 'حساب مصرفي', 'iban'],
      nl: ['bankrekening', 'iban'],
      he: ['חשבון הבנק', 'חשבון בנק', 'iban'],
    },
    avoid: {
      en: ['bank card'],
      zh: ['银行卡'],
      de: ['bankkarte'],
      es: ['tarjeta bancaria'],
      it: ['carta bancaria'],
      pt: ['cartão bancário'],
      tzm: ['tkarḍa n lbanka', 'takarḍa n lbanka'],
      ar: ['بطاقة مصرفية', 'البطاقة المصرفية', 'بطاقة بنكية'],
      nl: ['bankkaart'],
      he: ['כרטיס בנק'],
    },
  },
  tradingHall: {
    meaning: 'where merchants buy and sell USDT for EUR with each other (/market, the Trade tab)',
    names: ['Trading hall'],
    use: {
      en: ['trading hall'],
      zh: ['交易大厅'],
      de: ['handelsplatz'],
      es: ['mercado'],
      it: ['mercato'],
      pt: ['mercado'],
      tzm: ['asuq n umsaɣ'],
      ar: ['قاعة التداول'],
      nl: ['handelsplein'],
      he: ['אולם המסחר'],
    },
    avoid: {
      en: ['p2p', 'marketplace'],
      zh: ['c2c', 'p2p'],
      de: ['börse', 'p2p'],
      es: ['p2p'],
      it: ['p2p'],
      pt: ['p2p'],
      nl: ['p2p', 'beurs'],
      he: ['p2p', 'בורסה'],
      ar: ['p2p', 'البورصة'],
    },
  },
  merchant: {
    meaning: 'a user approved to trade in the trading hall',
    names: ['Apply for a merchant account'],
    use: {
      en: ['merchant'],
      zh: ['商家'],
      de: ['händler'],
      es: ['comerciante'],
      it: ['commerciant'],
      pt: ['comerciante'],
      tzm: ['amsebbab', 'umsebbab', 'imsebbab'],
      ar: ['تاجر', 'التاجر', 'تجار', 'التجار'],
      nl: ['handelaar'],
      he: ['סוחר'],
    },
    avoid: {
      en: ['vendor', 'dealer'],
      de: ['verkäuferkonto', 'kaufmann'],
      es: ['mercader', 'vendedor'],
      it: ['mercante', 'venditore'],
      pt: ['mercador', 'vendedor'],
      nl: ['verkoper', 'koopman'],
    },
  },
  order: {
    meaning: 'a request to buy or sell USDT in the trading hall (/order, the Orders tab)',
    names: ['Orders'],
    use: {
      en: ['order'],
      zh: ['订单'],
      de: ['auftr'],
      es: ['orden', 'órden'],
      it: ['ordin'],
      pt: ['ordem', 'ordens'],
      tzm: ['asutur', 'isuturen', 'usutur'],
      ar: ['الطلب', 'طلب'],
      nl: ['order'],
      he: ['הזמנ'],
    },
    avoid: {
      de: ['bestellung'],
      es: ['pedido'],
      pt: ['pedido de compra', 'pedido de venda'],
      nl: ['bestelling'],
    },
  },
  offer: {
    meaning: 'a merchant’s standing price and limits that other merchants’ orders trade with (/market/sell)',
    names: ['My offers'],
    use: {
      en: ['offer'],
      zh: ['报价'],
      de: ['angebot'],
      es: ['oferta'],
      it: ['offert'],
      pt: ['oferta'],
      tzm: ['asumer', 'isumar', 'usumer'],
      ar: ['عرض', 'عروض'],
      nl: ['aanbod', 'aanbieding'],
      he: ['הצע'],
    },
    avoid: {
      en: ['advert'],
      zh: ['广告'],
      de: ['inserat'],
      nl: ['advertentie'],
    },
  },
  fundRecord: {
    meaning: 'the list of every movement of the user’s money (/assets/assets-log)',
    names: ['Fund record'],
    use: {
      en: ['fund record'],
      zh: ['资金记录'],
      de: ['kontobewegungen'],
      es: ['movimientos de fondos'],
      it: ['movimenti'],
      pt: ['histórico de fundos'],
      tzm: ['amezruy n idrimen'],
      ar: ['سجل الأموال'],
      nl: ['transactieoverzicht'],
      he: ['תנועות כספים', 'תנועות הכספים'],
    },
    avoid: {
      en: ['asset log', 'transaction history'],
      de: ['fonds'],
      nl: ['fonds'],
      it: ['fondi comuni'],
    },
  },
  interestWallet: {
    meaning: 'where a pledge’s daily interest is paid, moved to the balance by the user (/mine/components)',
    names: ['Interest wallet'],
    use: {
      en: ['interest wallet'],
      zh: ['利息钱包'],
      de: ['zins-wallet'],
      es: ['cartera de intereses'],
      it: ['portafoglio interessi', 'portafoglio degli interessi'],
      pt: ['carteira de juros'],
      tzm: ['aqrab n lfayda'],
      ar: ['محفظة الفوائد'],
      nl: ['rentewallet'],
      he: ['ארנק ריבית', 'ארנק הריבית'],
    },
    avoid: {
      de: ['zinsguthaben', 'zinskonto'],
      es: ['monedero de intereses'],
      it: ['borsellino'],
      pt: ['conta de juros'],
      nl: ['renterekening'],
    },
  },
  paymentPassword: {
    meaning: 'the 6-digit code, apart from the login password, that confirms every payment (/setting/pay-password)',
    names: ['Payment password'],
    use: {
      en: ['payment password'],
      zh: ['支付密码'],
      de: ['zahlungspasswort'],
      es: ['contraseña de pago'],
      it: ['password di pagamento'],
      pt: ['senha de pagamento'],
      tzm: ['awal n uzray n uxelleṣ'],
      ar: ['كلمة مرور الدفع'],
      nl: ['betaalwachtwoord'],
      he: ['סיסמת תשלום', 'סיסמת התשלום'],
    },
    avoid: {
      en: ['transaction password', 'trading password', 'fund password'],
      zh: ['交易密码', '资金密码'],
      de: ['transaktionspasswort', 'transaktions-pin'],
      es: ['contraseña de transacción'],
      it: ['password di transazione'],
      pt: ['senha de transação'],
      nl: ['transactiewachtwoord'],
    },
  },
  deposit: {
    meaning: 'money coming in: USDT to a deposit address or EUR by bank transfer (/recharge)',
    names: ['Deposit', 'Deposit records'],
    use: {
      en: ['deposit'],
      zh: ['充值'],
      de: ['einzahl', 'eingezahlt'],
      es: ['deposit', 'depósito'],
      it: ['deposit'],
      pt: ['deposit', 'depósito'],
      tzm: ['asers', 'users', 'sers'],
      ar: ['إيداع', 'الإيداع', 'أودع'],
      nl: ['stort'],
      he: ['הפקד'],
    },
    avoid: {
      zh: ['存款'],
      de: ['aufladung', 'aufladen'],
      nl: ['opwaarder'],
    },
  },
  withdrawal: {
    meaning: 'money going out: USDT to an address or EUR to the bound bank account, paid by an operator (/withdraw)',
    names: ['Withdraw', 'Withdrawal records'],
    use: {
      en: ['withdraw'],
      zh: ['提现'],
      de: ['auszahl', 'ausgezahlt'],
      es: ['retir'],
      it: ['preliev', 'prelev'],
      pt: ['retir'],
      tzm: ['asufeɣ', 'usufeɣ'],
      ar: ['سحب', 'سحوبات'],
      nl: ['opname', 'opnemen', 'opgenomen'],
      he: ['משיכ'],
    },
    avoid: {
      zh: ['取款'],
      de: ['abhebung'],
      es: ['reintegro'],
      pt: ['levantamento'],
    },
  },
  vipLevel: {
    meaning: 'the level confirmed deposits raise, with its deposit bonus and daily orders (/level)',
    names: ['VIP levels'],
    use: {
      en: ['vip level'],
      zh: ['vip 等级'],
      de: ['vip-stufe'],
      es: ['niveles vip', 'nivel vip'],
      it: ['livelli vip', 'livello vip'],
      pt: ['níveis vip', 'nível vip'],
      tzm: ['iswiren n vip', 'aswir n vip'],
      ar: ['مستويات vip', 'مستوى vip'],
      nl: ['vip-niveau'],
      he: ['דרגות vip', 'דרגת vip', 'דרגת ה-vip'],
    },
    avoid: {
      en: ['vip rank', 'vip tier'],
      de: ['vip-level', 'vip-rang'],
      nl: ['vip-level'],
    },
  },
  loan: {
    meaning: 'money the platform lends, repaid on time (/loan)',
    names: ['Platform loan', 'Apply for a loan', 'My loans'],
    use: {
      en: ['loan'],
      zh: ['贷款'],
      de: ['kredit'],
      es: ['préstamo'],
      it: ['prestit'],
      pt: ['empréstimo'],
      tzm: ['eṭṭal'],
      ar: ['قرض', 'القرض', 'قروض'],
      nl: ['lening'],
      he: ['הלווא'],
    },
    avoid: {
      de: ['darlehen'],
      it: ['mutuo'],
      tzm: ['ṛḍal'],
    },
  },
  collateral: {
    meaning: 'the part of the balance held until a principal loan is repaid',
    names: ['Collateral'],
    use: {
      en: ['collateral'],
      zh: ['抵押'],
      de: ['sicherheit'],
      es: ['garantía'],
      it: ['garanzia'],
      pt: ['garantia'],
      tzm: ['aḍmen'],
      ar: ['الضمان', 'ضمان'],
      nl: ['onderpand'],
      he: ['בטוחה'],
    },
    avoid: {
      de: ['kaution'],
      es: ['colateral'],
      it: ['collaterale'],
      pt: ['colateral'],
    },
  },
  support: {
    meaning: 'the people who answer in the chat behind the headset button (/home/service)',
    names: ['Customer service'],
    use: {
      en: ['customer service'],
      zh: ['客服'],
      de: ['kundenservice'],
      es: ['atención al cliente'],
      it: ['assistenza clienti'],
      pt: ['atendimento ao cliente'],
      tzm: ['tallalt n imsɣayen'],
      ar: ['خدمة العملاء'],
      nl: ['klantenservice'],
      he: ['שירות לקוחות', 'שירות הלקוחות'],
    },
    avoid: {
      en: ['helpdesk', 'hotline'],
      de: ['hotline', 'kundendienst'],
      nl: ['helpdesk'],
    },
  },
} as const satisfies Record<string, GlossaryTerm>;
