/**
 * What the LTV watch tells a borrower (push and e-mail, in their language): a margin call, once
 * per crossing, and a liquidation. The type keeps every language complete.
 */
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';

export type LoanNotice = 'marginCall' | 'liquidated';

/** The figures a notice names, as shown ("90.36", "1239.938801"). */
export interface LoanNoticeFigures {
  loanNo: string;
  ltv: string;
  /** marginCall: the margin-call and liquidation thresholds. */
  threshold?: string;
  liquidationLtv?: string;
  /** liquidated: what was converted, at which rate, for what, and what came back. */
  converted?: string;
  returned?: string;
  collateralAsset?: string;
  rate?: string;
  owed?: string;
  fee?: string;
  asset?: string;
}

type Texts = Record<LoanNotice, { title: string; body: string }>;

const TEXTS: Record<Locale, Texts> = {
  en: {
    marginCall: {
      title: 'Loan {loanNo}: margin call',
      body: 'Your loan-to-value is {ltv} %, at or past the margin call of {threshold} %. Add collateral or repay early: at {liquidationLtv} % your collateral is liquidated.',
    },
    liquidated: {
      title: 'Loan {loanNo} was liquidated',
      body: 'Your loan-to-value reached {ltv} %. {converted} {collateralAsset} of your collateral were converted at {rate} to repay {owed} {asset} (liquidation fee {fee} {asset} included); {returned} {collateralAsset} are back in your balance.',
    },
  },
  zh: {
    marginCall: {
      title: '贷款 {loanNo}：追加保证金通知',
      body: '您的贷款价值比为 {ltv}%，已达到或超过追加保证金线 {threshold}%。请追加抵押品或提前还款：达到 {liquidationLtv}% 时您的抵押品将被清算。',
    },
    liquidated: {
      title: '贷款 {loanNo} 已被清算',
      body: '您的贷款价值比达到 {ltv}%。您的抵押品中 {converted} {collateralAsset} 已按 {rate} 兑换，用于偿还 {owed} {asset}（含清算费 {fee} {asset}）；{returned} {collateralAsset} 已退回您的余额。',
    },
  },
  de: {
    marginCall: {
      title: 'Kredit {loanNo}: Nachschussaufforderung',
      body: 'Ihr Beleihungsauslauf beträgt {ltv} % und hat die Nachschussgrenze von {threshold} % erreicht. Hinterlegen Sie mehr Sicherheit oder zahlen Sie vorzeitig zurück: Bei {liquidationLtv} % wird Ihre Sicherheit verwertet.',
    },
    liquidated: {
      title: 'Kredit {loanNo} wurde verwertet',
      body: 'Ihr Beleihungsauslauf erreichte {ltv} %. {converted} {collateralAsset} Ihrer Sicherheit wurden zu {rate} umgetauscht, um {owed} {asset} zurückzuzahlen (Verwertungsgebühr {fee} {asset} inbegriffen); {returned} {collateralAsset} sind wieder in Ihrem Guthaben.',
    },
  },
  es: {
    marginCall: {
      title: 'Préstamo {loanNo}: llamada de margen',
      body: 'Su relación préstamo-valor es {ltv} %, igual o superior a la llamada de margen del {threshold} %. Añada garantía o reembolse antes: al {liquidationLtv} % su garantía se liquida.',
    },
    liquidated: {
      title: 'El préstamo {loanNo} fue liquidado',
      body: 'Su relación préstamo-valor llegó al {ltv} %. Se convirtieron {converted} {collateralAsset} de su garantía a {rate} para reembolsar {owed} {asset} (comisión de liquidación de {fee} {asset} incluida); {returned} {collateralAsset} han vuelto a su saldo.',
    },
  },
  it: {
    marginCall: {
      title: 'Prestito {loanNo}: margin call',
      body: 'Il tuo rapporto prestito/valore è {ltv} %, pari o oltre la soglia di margin call del {threshold} %. Aggiungi garanzia o rimborsa in anticipo: al {liquidationLtv} % la tua garanzia viene liquidata.',
    },
    liquidated: {
      title: 'Il prestito {loanNo} è stato liquidato',
      body: 'Il tuo rapporto prestito/valore ha raggiunto il {ltv} %. {converted} {collateralAsset} della tua garanzia sono stati convertiti a {rate} per rimborsare {owed} {asset} (commissione di liquidazione di {fee} {asset} inclusa); {returned} {collateralAsset} sono tornati nel tuo saldo.',
    },
  },
  pt: {
    marginCall: {
      title: 'Empréstimo {loanNo}: chamada de margem',
      body: 'O seu rácio empréstimo-valor é {ltv} %, igual ou acima da chamada de margem de {threshold} %. Adicione garantia ou reembolse antecipadamente: a {liquidationLtv} % a sua garantia é liquidada.',
    },
    liquidated: {
      title: 'O empréstimo {loanNo} foi liquidado',
      body: 'O seu rácio empréstimo-valor chegou a {ltv} %. {converted} {collateralAsset} da sua garantia foram convertidos a {rate} para reembolsar {owed} {asset} (taxa de liquidação de {fee} {asset} incluída); {returned} {collateralAsset} voltaram ao seu saldo.',
    },
  },
  tzm: {
    marginCall: {
      title: 'Arḍal {loanNo}: asiwel n tmeqqit',
      body: 'Amesmar n urḍal ɣef wazal-nnek d {ltv} %, yewweḍ neɣ yezger tilist n {threshold} %. Rnu aḍmam neɣ rred zik: ɣer {liquidationLtv} % ad yettwazenz uḍmam-nnek.',
    },
    liquidated: {
      title: 'Arḍal {loanNo} yettwazenz',
      body: 'Amesmar n urḍal ɣef wazal-nnek yewweḍ {ltv} %. {converted} {collateralAsset} seg uḍmam-nnek ttwabeddlen s {rate} akken ad ttwarren {owed} {asset} (tiɣrad n uzenzi {fee} {asset} deg-sen); {returned} {collateralAsset} uɣalen ɣer udrim-nnek.',
    },
  },
  ar: {
    marginCall: {
      title: 'القرض {loanNo}: نداء الهامش',
      body: 'نسبة القرض إلى القيمة لديك {ltv}٪، بلغت حد نداء الهامش {threshold}٪ أو تجاوزته. أضف ضمانًا أو سدّد مبكرًا: عند {liquidationLtv}٪ تتم تصفية ضمانك.',
    },
    liquidated: {
      title: 'تمت تصفية القرض {loanNo}',
      body: 'بلغت نسبة القرض إلى القيمة لديك {ltv}٪. تم تحويل {converted} {collateralAsset} من ضمانك بسعر {rate} لسداد {owed} {asset} (شاملة رسوم التصفية {fee} {asset})؛ وعاد {returned} {collateralAsset} إلى رصيدك.',
    },
  },
  nl: {
    marginCall: {
      title: 'Lening {loanNo}: margin call',
      body: 'Uw loan-to-value is {ltv} %, op of voorbij de margin call van {threshold} %. Voeg onderpand toe of los vervroegd af: bij {liquidationLtv} % wordt uw onderpand geliquideerd.',
    },
    liquidated: {
      title: 'Lening {loanNo} is geliquideerd',
      body: 'Uw loan-to-value bereikte {ltv} %. {converted} {collateralAsset} van uw onderpand is omgewisseld tegen {rate} om {owed} {asset} af te lossen (liquidatiekosten {fee} {asset} inbegrepen); {returned} {collateralAsset} staat weer op uw saldo.',
    },
  },
  he: {
    marginCall: {
      title: 'הלוואה {loanNo}: קריאת מרווח',
      body: 'יחס ההלוואה לשווי שלכם הוא {ltv}%, בסף קריאת המרווח של {threshold}% או מעליו. הוסיפו בטוחה או פרעו מוקדם: ב-{liquidationLtv}% הבטוחה שלכם תמומש.',
    },
    liquidated: {
      title: 'הלוואה {loanNo} מומשה',
      body: 'יחס ההלוואה לשווי שלכם הגיע ל-{ltv}%. {converted} {collateralAsset} מהבטוחה שלכם הומרו בשער {rate} כדי לפרוע {owed} {asset} (כולל עמלת מימוש של {fee} {asset}); {returned} {collateralAsset} חזרו ליתרה שלכם.',
    },
  },
};

const fill = (text: string, figures: LoanNoticeFigures) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (figures as unknown as Record<string, string | undefined>)[name] ?? whole);

export function loanNotice(locale: string, notice: LoanNotice, figures: LoanNoticeFigures): { title: string; body: string } {
  const texts = TEXTS[isLocale(locale) ? locale : FALLBACK_LOCALE][notice];
  return { title: fill(texts.title, figures), body: fill(texts.body, figures) };
}
