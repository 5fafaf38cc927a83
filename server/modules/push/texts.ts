/**
 * What a trade notification says, in each language of the app: the title names the order and
 * what happened to it, the line says what it means for the person reading it.
 */
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';

export type TradeNotice = 'matchedTaker' | 'matchedMaker' | 'completed' | 'cancelled' | 'expired';

type Texts = Record<TradeNotice, { title: string; body: string }>;

const TEXTS: Record<Locale, Texts> = {
  en: {
    matchedTaker: { title: 'Order {id} is matched', body: 'Confirm it within 15 minutes to settle the trade.' },
    matchedMaker: { title: 'Order {id} met your offer', body: 'It settles as soon as the other side confirms.' },
    completed: { title: 'Order {id} is completed', body: 'The trade is settled and your balances are updated.' },
    cancelled: { title: 'Order {id} was cancelled', body: 'Everything it held is back in your balance.' },
    expired: { title: 'Order {id} expired', body: 'No merchant was found within 60 minutes; everything it held is back.' },
  },
  zh: {
    matchedTaker: { title: '订单 {id} 已匹配', body: '请在 15 分钟内确认以完成交易。' },
    matchedMaker: { title: '订单 {id} 已匹配您的报价', body: '对方确认后即完成结算。' },
    completed: { title: '订单 {id} 已完成', body: '交易已结算，余额已更新。' },
    cancelled: { title: '订单 {id} 已取消', body: '冻结的资金已退回您的余额。' },
    expired: { title: '订单 {id} 已过期', body: '60 分钟内未找到商家，冻结的资金已退回。' },
  },
  de: {
    matchedTaker: { title: 'Auftrag {id} ist zugeordnet', body: 'Bestätigen Sie ihn innerhalb von 15 Minuten, um den Handel abzuschließen.' },
    matchedMaker: { title: 'Auftrag {id} trifft Ihr Angebot', body: 'Er wird abgerechnet, sobald die Gegenseite bestätigt.' },
    completed: { title: 'Auftrag {id} ist abgeschlossen', body: 'Der Handel ist abgerechnet, Ihre Guthaben sind aktualisiert.' },
    cancelled: { title: 'Auftrag {id} wurde storniert', body: 'Alles Reservierte ist wieder in Ihrem Guthaben.' },
    expired: { title: 'Auftrag {id} ist abgelaufen', body: 'Innerhalb von 60 Minuten fand sich kein Händler; alles Reservierte ist zurück.' },
  },
  es: {
    matchedTaker: { title: 'La orden {id} está emparejada', body: 'Confírmela en 15 minutos para liquidar la operación.' },
    matchedMaker: { title: 'La orden {id} aceptó su oferta', body: 'Se liquida en cuanto la otra parte confirme.' },
    completed: { title: 'La orden {id} está completada', body: 'La operación está liquidada y sus saldos actualizados.' },
    cancelled: { title: 'La orden {id} se canceló', body: 'Todo lo retenido ha vuelto a su saldo.' },
    expired: { title: 'La orden {id} caducó', body: 'No se encontró comerciante en 60 minutos; todo lo retenido ha vuelto.' },
  },
  it: {
    matchedTaker: { title: 'L’ordine {id} è abbinato', body: 'Confermalo entro 15 minuti per regolare lo scambio.' },
    matchedMaker: { title: 'L’ordine {id} ha incontrato la tua offerta', body: 'Si regola appena l’altra parte conferma.' },
    completed: { title: 'L’ordine {id} è completato', body: 'Lo scambio è regolato e i tuoi saldi sono aggiornati.' },
    cancelled: { title: 'L’ordine {id} è stato annullato', body: 'Tutto ciò che era trattenuto è tornato nel tuo saldo.' },
    expired: { title: 'L’ordine {id} è scaduto', body: 'Nessun commerciante trovato in 60 minuti; tutto ciò che era trattenuto è tornato.' },
  },
  pt: {
    matchedTaker: { title: 'A ordem {id} foi emparelhada', body: 'Confirme-a em 15 minutos para liquidar a negociação.' },
    matchedMaker: { title: 'A ordem {id} aceitou a sua oferta', body: 'É liquidada assim que a outra parte confirmar.' },
    completed: { title: 'A ordem {id} está concluída', body: 'A negociação está liquidada e os seus saldos atualizados.' },
    cancelled: { title: 'A ordem {id} foi cancelada', body: 'Tudo o que estava retido voltou ao seu saldo.' },
    expired: { title: 'A ordem {id} expirou', body: 'Nenhum comerciante encontrado em 60 minutos; tudo o que estava retido voltou.' },
  },
  tzm: {
    matchedTaker: { title: 'Tanaḍt {id} tettwaqqen', body: 'Sentem-tt deg 15 n tesdidin akken ad tekmel tnezzit.' },
    matchedMaker: { title: 'Tanaḍt {id} temlal d tsumert-nnek', body: 'Ad tekmel ɣas ad isentem wayeḍ.' },
    completed: { title: 'Tanaḍt {id} tekmel', body: 'Tanezzit tekmel, idrimen-nnek ttwasnefalen.' },
    cancelled: { title: 'Tanaḍt {id} tettwasefsex', body: 'Ayen akk yettwaṭṭfen yuɣal ɣer udrim-nnek.' },
    expired: { title: 'Tanaḍt {id} tfuk', body: 'Ur yettwaf ḥedd deg 60 n tesdidin; ayen akk yettwaṭṭfen yuɣal.' },
  },
  ar: {
    matchedTaker: { title: 'تمت مطابقة الطلب {id}', body: 'أكّده خلال 15 دقيقة لإتمام الصفقة.' },
    matchedMaker: { title: 'الطلب {id} طابق عرضك', body: 'تتم التسوية فور تأكيد الطرف الآخر.' },
    completed: { title: 'اكتمل الطلب {id}', body: 'تمت تسوية الصفقة وتحديث أرصدتك.' },
    cancelled: { title: 'أُلغي الطلب {id}', body: 'عاد كل ما كان محجوزًا إلى رصيدك.' },
    expired: { title: 'انتهت صلاحية الطلب {id}', body: 'لم يُعثر على تاجر خلال 60 دقيقة؛ عاد كل ما كان محجوزًا.' },
  },
  nl: {
    matchedTaker: { title: 'Order {id} is gekoppeld', body: 'Bevestig binnen 15 minuten om de transactie af te wikkelen.' },
    matchedMaker: { title: 'Order {id} past bij uw aanbod', body: 'Hij wordt afgewikkeld zodra de andere partij bevestigt.' },
    completed: { title: 'Order {id} is voltooid', body: 'De transactie is afgewikkeld en uw saldi zijn bijgewerkt.' },
    cancelled: { title: 'Order {id} is geannuleerd', body: 'Alles wat was vastgehouden staat weer op uw saldo.' },
    expired: { title: 'Order {id} is verlopen', body: 'Binnen 60 minuten is geen handelaar gevonden; alles wat was vastgehouden is terug.' },
  },
  he: {
    matchedTaker: { title: 'הזמנה {id} הותאמה', body: 'אשרו אותה תוך 15 דקות כדי להשלים את העסקה.' },
    matchedMaker: { title: 'הזמנה {id} תאמה את ההצעה שלכם', body: 'היא תסולק ברגע שהצד השני יאשר.' },
    completed: { title: 'הזמנה {id} הושלמה', body: 'העסקה סולקה והיתרות שלכם עודכנו.' },
    cancelled: { title: 'הזמנה {id} בוטלה', body: 'כל מה שהוחזק חזר ליתרה שלכם.' },
    expired: { title: 'תוקף הזמנה {id} פג', body: 'לא נמצא סוחר תוך 60 דקות; כל מה שהוחזק חזר.' },
  },
};

export function tradeNotice(locale: string, notice: TradeNotice, orderId: number): { title: string; body: string } {
  const texts = TEXTS[isLocale(locale) ? locale : FALLBACK_LOCALE][notice];
  return { title: texts.title.replace('{id}', String(orderId)), body: texts.body };
}
