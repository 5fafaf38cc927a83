/**
 * The texts the app's embedded content pages start with, in all ten languages: about us (19),
 * help centre (33), company profile (21), platform introduction (22) and the three tutorials
 * (41–43). content.ts writes them at start, but only what is missing: operators edit a page with
 * `npm run ops -- news translate ID --locale xx --title … --body-file …`, and their edits are kept.
 *
 * Bodies are plain text: paragraphs separated by a blank line; a paragraph whose first line ends
 * with a question mark (?, ？ or ؟) is shown as a question with its answer below (Article.tsx).
 * In Arabic and Hebrew every paragraph starts with a word in that script, so that the paragraph's
 * automatic direction is right to left.
 */
import type { Locale } from '../../../src/domain/locales';

export interface ContentText { title: string; body: string }
export interface ContentArticle {
  /** Fixed id the app asks for with POST /news/detail. */
  id: number;
  /** 1: the app's pages (about, help, company, intro); 2: tutorials. */
  categoryId: 1 | 2;
  key: 'about' | 'help' | 'company' | 'intro' | 'tutorial-deposit' | 'tutorial-trade' | 'tutorial-withdraw';
  texts: Record<Locale, ContentText>;
}

type Key = ContentArticle['key'];
type Texts = Record<Key, ContentText>;

/** Paragraphs joined by a blank line. */
const p = (...paragraphs: string[]): string => paragraphs.join('\n\n');
/** A help-centre entry: the question on its first line, the answer below. */
const qa = (question: string, answer: string): string => `${question}\n${answer}`;

// ─── English ────────────────────────────────────────────────────────────────────────────────

const en: Texts = {
  about: {
    title: `About us`,
    body: p(
      `Tessera is a wallet app for USDT and EUR. You keep both currencies in one place, deposit and withdraw them, convert one into the other and follow the markets, on your phone or in any browser.`,
      `Every balance in Tessera is kept in a double-entry ledger. Each movement of money leaves one account and enters another, with its reason attached, so every figure you see can be traced back to the entries in your fund record.`,
      `In the trading hall, approved merchants buy and sell USDT for EUR with each other. Both sides already hold their money in Tessera, so every trade settles at once: there is no bank transfer to wait for and no payment to chase.`,
      `People look after the money, not only machines. Operators review every deposit, every withdrawal and every merchant application, and when they turn one down, you see their reason in your records.`,
      `Questions? Tap the customer service button in the app and write to us. We are glad to help.`,
    ),
  },
  help: {
    title: `Help centre`,
    body: p(
      `Answers to the questions we hear most often. If yours is not here, tap the customer service button.`,
      qa(
        `How do I deposit?`,
        `Open Deposit on Home or in Me. Choose USDT (TRC20 or ERC20) and send it to the address shown, or choose the bank card option and transfer EUR to the IBAN shown with your payment reference. Then enter the amount, add a payment proof image and submit. An operator credits the deposit after checking it.`,
      ),
      qa(
        `How long does a withdrawal take?`,
        `Every withdrawal is checked and paid out by an operator, so it is not instant. How long it takes depends on the operators' working hours and, for bank transfers, on the banks. Your withdrawal records show the status and, once it is paid, the payout reference.`,
      ),
      qa(
        `Why is part of my balance held?`,
        `Money is held while something is under way: a withdrawal until an operator pays it out or returns it, and an offer or an order in the trading hall until it settles or ends. Held money is still yours; it returns to your available balance if the withdrawal is cancelled or the order ends.`,
      ),
      qa(
        `What is the payment password, and what if I forget it?`,
        `It is a 6-digit code, different from your login password, that confirms every withdrawal, conversion and trade. Set or change it in Me → Settings → Payment password. After 5 wrong tries it is locked for 15 minutes. If you have forgotten it, contact customer service. Tessera staff will never ask you for your passwords.`,
      ),
      qa(
        `What is a merchant account?`,
        `Only merchants can trade in the trading hall. Once your payment password is set, apply in the Trade tab; an operator reviews the application. If it is not approved, you see the reason and can apply again.`,
      ),
      qa(
        `What do VIP levels give?`,
        `Confirmed deposits count towards your VIP level. Each level gives a bonus on your deposits and allows a number of orders per day in the trading hall. VIP levels in Me shows your level and what the next one needs.`,
      ),
      qa(
        `Why does a price say "simulated data"?`,
        `On this installation the quotes are simulated: they follow no market and no one trades at them. They only show how the quotes and charts work.`,
      ),
      qa(
        `How do I reach support?`,
        `Tap the customer service button, the headset at the bottom of the screen, and write to us in the chat. If your question is about a deposit, a withdrawal or a trade, tell us its order number.`,
      ),
    ),
  },
  company: {
    title: `Company profile`,
    body: p(
      `Tessera is a wallet app for USDT and EUR. People hold both currencies in it, deposit and withdraw them, convert one into the other, and, as approved merchants, trade USDT for EUR with each other in a trading hall.`,
      `Money is never lost on a crash. Every change to a balance is written in one step that either completes in full or does not happen at all, so a failure, a restart or a lost connection never leaves money halfway.`,
      `Every movement is a ledger entry. Balances are not numbers that get overwritten: they are the sum of double-entry ledger entries, each with its reason, and you can read yours in your fund record.`,
      `What you see is in your language. The app speaks ten languages. Fees and exchange rates are shown before you confirm, and those are the ones charged; when an operator turns something down, the reason is shown in your records.`,
      `Operators are people with their own accounts, protected by a password and a one-time code. Their everyday work is split into two roles: support looks at accounts and records and answers questions; finance also decides deposits, withdrawals and merchant applications. Settings are kept by administrators. Every decision is recorded in an audit trail with the operator, the time and the reason.`,
      `This page describes the product. The operator of this demo installation fills in their legal details here: the company's name, registered address, registration and any licences, and how to contact them.`,
    ),
  },
  intro: {
    title: `Platform introduction`,
    body: p(
      `Tessera brings your USDT and EUR together in one app. Here is what you can do with it.`,
      `Deposit: send USDT to your deposit address on TRC20 or ERC20, or transfer EUR to an IBAN with your payment reference. Add a payment proof and an operator credits it.`,
      `Withdraw: send USDT to a crypto address, or EUR to the bank account you have bound. The fee and what you receive are shown before you confirm with your payment password.`,
      `Convert: under Transfer, change EUR into USDT or USDT into EUR. The rate, the fee and what you receive are fixed for a few seconds while you decide.`,
      `Trade in the hall: with a merchant account, buy or sell USDT for EUR with other merchants. Trades settle at once, because both sides already hold their money in Tessera.`,
      `Quotes and charts: follow the prices of the main coins on Home, and open a coin to see its candlestick chart and its 24-hour figures.`,
      `VIP levels: confirmed deposits raise your level; each level brings a bonus on deposits and more orders per day in the trading hall.`,
      `News and notifications: read announcements and news from Tessera, and turn on notifications for trades and system notices in Settings.`,
      `Ten languages: English, Chinese, German, Spanish, Italian, Portuguese, Tamazight, Arabic, Dutch and Hebrew. Change the language at any time in Settings.`,
      `Pledge and loans are being prepared and will arrive in an update.`,
    ),
  },
  'tutorial-deposit': {
    title: `How to deposit`,
    body: p(
      `Add USDT or EUR to your Tessera balance in a few steps.`,
      `1. Open Deposit: tap Deposit on Home, or go to Me → Deposit.`,
      `2. Choose what you pay with. For USDT, pick the network, TRC20 or ERC20: the screen shows your deposit address and its QR code. For the bank card option, the screen shows the account to transfer EUR to (account holder, IBAN, BIC) and your payment reference.`,
      `3. Send the money. Send only USDT, and only on the network you chose: coins sent on another network cannot be recovered. On a bank transfer, put the payment reference, so that we know the money is yours.`,
      `4. Back in the app, enter the amount you sent and choose a payment proof image: a screenshot or photo of the payment (JPG, PNG, HEIC or WebP, at most 2 MB). Then tap Submit deposit.`,
      `5. Wait for an operator. They check your proof against the payment that arrived and credit the deposit: USDT in USDT, a bank transfer in EUR.`,
      `6. Follow it in Deposit records: the status is Processing, then Credited, or Failed with the operator's reason. A credited deposit also counts towards your VIP level.`,
    ),
  },
  'tutorial-trade': {
    title: `How to trade USDT in the hall`,
    body: p(
      `In the trading hall, merchants buy and sell USDT for EUR with each other. Here is how to take part.`,
      `1. Set a payment password in Me → Settings → Payment password. It has 6 digits, differs from your login password and confirms every order.`,
      `2. Open the Trade tab and tap Apply for a merchant account. An operator reviews the application; as soon as it is approved, you can trade. If it is turned down, you see the reason and can apply again.`,
      `3. Choose Buy USDT or Sell USDT and enter the amount in USDT (at least 1 USDT).`,
      `4. Enter a limit price in EUR per USDT: when buying, the highest unit price you accept; when selling, the lowest. The field starts at the best price in the hall. You never pay more, or receive less, than your limit.`,
      `5. Confirm with your payment password. What the order needs is set aside from your balance: the EUR for a purchase, the USDT for a sale.`,
      `6. The matching looks for another merchant's offer. Often it finds one at once; otherwise it keeps looking for up to 60 minutes. If none is found, the order ends and everything set aside returns to your balance.`,
      `7. Once matched, the price and the total are fixed. Confirm the order in Orders within 15 minutes with your payment password, and the USDT and EUR change hands at once. An order not confirmed in time ends and releases what it held.`,
      `8. You can cancel an order, but if you cancel more than 3 matched orders in one day, new orders are paused until midnight UTC.`,
      `9. The fee is 0.2 %, paid by the one who places the order, out of what they receive. The hall shows the current fee and how many orders your VIP level still allows today.`,
      `You can also post your own offer, with a price and limits per order, in My offers: other merchants' orders then trade with it.`,
    ),
  },
  'tutorial-withdraw': {
    title: `How to withdraw`,
    body: p(
      `Send USDT to a crypto address, or EUR to your bank account.`,
      `1. For EUR, first bind your bank account in Me → Account binding: the account holder's name, IBAN, SWIFT/BIC, bank name, country and address, confirmed with your payment password. The account must be in your own name.`,
      `2. Open Withdraw on Home or in Me, and choose To a crypto address or To a bank card.`,
      `3. For USDT, choose the network and enter the address: a TRC20 address starts with T and has 34 characters; an ERC20 address starts with 0x and has 42.`,
      `4. Enter the amount. The screen shows your available balance, the minimum, the fee and what you receive; the fee is taken from the amount.`,
      `5. Tap Withdraw and confirm with your payment password.`,
      `6. The amount is held until an operator pays it out. The status in Withdrawal records then turns to Completed, with the payout reference.`,
      `7. If the operator cannot pay it, the withdrawal is cancelled with a reason, shown in your records, and the whole amount returns to your available balance.`,
    ),
  },
};

// ─── 中文 ───────────────────────────────────────────────────────────────────────────────────

const zh: Texts = {
  about: {
    title: `关于我们`,
    body: p(
      `Tessera 是一款 USDT 与 EUR 钱包应用。您可以把两种货币放在一处，充值、提现、相互兑换，并随时关注行情，用手机或任何浏览器都可以。`,
      `Tessera 中的每一笔余额都记录在复式记账的账本中。每一笔资金变动都从一个账户转出、转入另一个账户，并附有原因，因此您看到的每个数字都能在资金记录中追溯到对应的账目。`,
      `在交易大厅，经过审核的商家之间以 EUR 买卖 USDT。双方的资金都已存放在 Tessera 中，因此每笔交易都即时结算：无需等待银行转账，也无需催款。`,
      `看管资金的不只是机器，还有人。工作人员会审核每一笔充值、每一笔提现和每一份商家申请；如果申请被拒绝，您可以在记录中看到原因。`,
      `有疑问？请点击应用中的客服按钮给我们留言，我们很乐意为您解答。`,
    ),
  },
  help: {
    title: `帮助中心`,
    body: p(
      `这里汇集了最常见的问题。如果没有找到您的问题，请点击客服按钮。`,
      qa(
        `如何充值？`,
        `在首页或“我的”中打开“充值”。选择 USDT（TRC20 或 ERC20）并发送到页面显示的地址；或选择“银行卡”，向页面显示的 IBAN 转账 EUR，并填写您的付款附言。然后输入金额、添加付款凭证图片并提交。工作人员核对后即为您入账。`,
      ),
      qa(
        `提现需要多长时间？`,
        `每一笔提现都由工作人员审核并出款，因此不会即时到账。所需时间取决于工作人员的工作时间，提现到银行卡还取决于银行的处理时间。提现记录中会显示状态，出款后还会显示出款参考号。`,
      ),
      qa(
        `为什么我的部分余额被冻结？`,
        `有业务正在进行时，相应资金会被冻结：提现会冻结至工作人员出款或退回；交易大厅中的报价或订单会冻结至结算或结束。冻结的资金仍属于您；如果提现被取消或订单结束，资金会退回可用余额。`,
      ),
      qa(
        `支付密码是什么？忘记了怎么办？`,
        `支付密码是 6 位数字，与登录密码不同，用于确认每一笔提现、兑换和交易。您可以在“我的”→“设置”→“支付密码”中设置或修改。连续输错 5 次将锁定 15 分钟。如果忘记了支付密码，请联系客服。Tessera 工作人员绝不会向您索要密码。`,
      ),
      qa(
        `什么是商家账户？`,
        `只有商家才能在交易大厅交易。设置支付密码后，在“交易”标签页提交申请，由工作人员审核。如果申请未获批准，您会看到原因，并可以重新申请。`,
      ),
      qa(
        `VIP 等级有什么用？`,
        `已确认的充值会计入您的 VIP 等级。每个等级都会为您的充值提供赠送，并决定您每天可在交易大厅下单的数量。在“我的”→“VIP 等级”中可以查看当前等级以及升到下一级还需多少。`,
      ),
      qa(
        `为什么价格旁边显示“模拟数据”？`,
        `本安装中的行情为模拟数据：不跟随任何市场，也没有人按此价格交易，仅用于展示行情和图表的功能。`,
      ),
      qa(
        `如何联系客服？`,
        `点击屏幕底部的客服按钮（耳机图标），在聊天中给我们留言。如果问题涉及充值、提现或交易，请告诉我们订单号。`,
      ),
    ),
  },
  company: {
    title: `公司简介`,
    body: p(
      `Tessera 是一款 USDT 与 EUR 钱包应用。用户可以在其中持有两种货币、充值和提现、相互兑换；经过审核的商家还可以在交易大厅中相互以 EUR 买卖 USDT。`,
      `系统故障不会造成资金损失。每一次余额变动都在一个步骤中写入：要么完整完成，要么完全不发生。因此，无论是故障、重启还是网络中断，都不会让资金停留在半途。`,
      `每一笔变动都是一条账目。余额不是被反复覆盖的数字，而是复式记账账目的合计，每条账目都附有原因，您可以在资金记录中查看自己的账目。`,
      `您看到的内容使用您的语言。应用支持十种语言。手续费和汇率会在您确认前显示，实际即按所显示的收取；工作人员拒绝某项申请时，原因会显示在您的记录中。`,
      `工作人员使用各自的账户，并以密码和一次性验证码保护。日常工作分为两种角色：客服负责查看账户和记录并解答问题；财务还负责审批充值、提现和商家申请。系统设置由管理员负责。每一项决定都会连同操作人、时间和原因记录在审计日志中。`,
      `本页介绍的是产品本身。本演示安装的运营方将在此填写其法律信息：公司名称、注册地址、注册信息、相关许可（如有）以及联系方式。`,
    ),
  },
  intro: {
    title: `平台介绍`,
    body: p(
      `Tessera 把您的 USDT 和 EUR 汇集在一个应用中。以下是您可以做的事情。`,
      `充值：通过 TRC20 或 ERC20 将 USDT 发送到您的充值地址，或将 EUR 转账到指定的 IBAN 并填写付款附言。添加付款凭证后，由工作人员为您入账。`,
      `提现：将 USDT 提现到加密货币地址，或将 EUR 提现到您绑定的银行账户。手续费和实际到账金额会在您用支付密码确认前显示。`,
      `兑换：在“划转”中将 EUR 兑换为 USDT，或将 USDT 兑换为 EUR。汇率、手续费和到账金额会锁定几秒钟，供您决定。`,
      `交易大厅：拥有商家账户后，即可与其他商家以 EUR 买卖 USDT。由于双方的资金都已在 Tessera 中，交易即时结算。`,
      `行情与图表：在首页查看主要币种的价格，点开某个币种即可查看 K线图和 24 小时数据。`,
      `VIP 等级：已确认的充值会提升您的等级；每个等级都提供充值赠送，并允许您每天在交易大厅下更多订单。`,
      `新闻与通知：阅读 Tessera 的公告和新闻，并在“设置”中开启交易通知和系统通知。`,
      `十种语言：英语、中文、德语、西班牙语、意大利语、葡萄牙语、塔马齐格特语、阿拉伯语、荷兰语和希伯来语。您可以随时在“设置”中切换语言。`,
      `质押和贷款正在准备中，将在后续更新中推出。`,
    ),
  },
  'tutorial-deposit': {
    title: `如何充值`,
    body: p(
      `只需几步，即可将 USDT 或 EUR 充值到您的 Tessera 余额。`,
      `1. 打开充值页面：在首页点击“充值”，或进入“我的”→“充值”。`,
      `2. 选择付款方式。选择 USDT 时，请选择网络（TRC20 或 ERC20），页面会显示您的充值地址及其 QR 码。选择“银行卡”时，页面会显示 EUR 收款账户（户名、IBAN、BIC）以及您的付款附言。`,
      `3. 付款。请只发送 USDT，并且只通过您选择的网络发送：通过其他网络发送的币将无法找回。银行转账时请填写付款附言，以便我们确认这笔款项属于您。`,
      `4. 回到应用，输入您发送的金额，并选择付款凭证图片：付款截图或照片（JPG、PNG、HEIC 或 WebP，最大 2 MB）。然后点击“提交充值”。`,
      `5. 等待工作人员处理。工作人员会将您的凭证与实际到账的款项进行核对，然后为您入账：USDT 以 USDT 入账，银行转账以 EUR 入账。`,
      `6. 在“充值记录”中查看进度：状态先为“处理中”，之后变为“已入账”；如为“失败”，会附有工作人员给出的原因。已入账的充值还会计入您的 VIP 等级。`,
    ),
  },
  'tutorial-trade': {
    title: `如何在交易大厅交易 USDT`,
    body: p(
      `在交易大厅，商家之间以 EUR 买卖 USDT。参与方法如下。`,
      `1. 在“我的”→“设置”→“支付密码”中设置支付密码。支付密码为 6 位数字，与登录密码不同，用于确认每一笔订单。`,
      `2. 打开“交易”标签页，点击“申请商家账户”。工作人员会审核您的申请，获批后即可交易。如果申请被拒绝，您会看到原因，并可以重新申请。`,
      `3. 选择“买入 USDT”或“卖出 USDT”，输入 USDT 数量（至少 1 USDT）。`,
      `4. 输入限价（每 USDT 的 EUR 价格）：买入时为您接受的最高单价，卖出时为最低单价。该栏默认填入交易大厅的最优价格。您支付的价格绝不会高于限价，卖出所得的价格也绝不会低于限价。`,
      `5. 用支付密码确认。订单所需的资金会从您的余额中冻结：买入时冻结 EUR，卖出时冻结 USDT。`,
      `6. 系统会为您匹配其他商家的报价。通常会立即匹配成功，否则最长会持续寻找 60 分钟。如果仍未找到，订单结束，冻结的全部资金退回您的余额。`,
      `7. 匹配成功后，价格和总额即被锁定。请在 15 分钟内在“订单”中用支付密码确认，USDT 与 EUR 随即完成交换。未按时确认的订单将结束，并释放其冻结的资金。`,
      `8. 您可以取消订单，但如果一天内取消超过 3 笔已匹配订单，新订单将暂停至午夜（UTC）。`,
      `9. 手续费为 0.2%，由下单方支付，从其收到的金额中扣除。交易大厅会显示当前手续费，以及您的 VIP 等级今天还允许下单的数量。`,
      `您也可以在“我的报价”中发布自己的报价，设置价格和每笔订单的限额，其他商家的订单便会与之成交。`,
    ),
  },
  'tutorial-withdraw': {
    title: `如何提现`,
    body: p(
      `将 USDT 提现到加密货币地址，或将 EUR 提现到您的银行账户。`,
      `1. 如需提现 EUR，请先在“我的”→“账户绑定”中绑定银行账户：填写户名、IBAN、SWIFT/BIC、银行名称、国家或地区以及地址，并用支付密码确认。该账户必须在您本人名下。`,
      `2. 在首页或“我的”中打开“提现”，选择“提现到加密货币地址”或“提现到银行卡”。`,
      `3. 提现 USDT 时，请选择网络并输入地址：TRC20 地址以 T 开头，共 34 个字符；ERC20 地址以 0x 开头，共 42 个字符。`,
      `4. 输入金额。页面会显示可用余额、最低金额、手续费和实际到账金额；手续费从金额中扣除。`,
      `5. 点击“提现”，并用支付密码确认。`,
      `6. 该金额会被冻结，直至工作人员完成出款。之后，“提现记录”中的状态会变为“已完成”，并显示出款参考号。`,
      `7. 如果工作人员无法出款，提现将被取消，原因会显示在您的记录中，全部金额退回您的可用余额。`,
    ),
  },
};

// ─── Deutsch ────────────────────────────────────────────────────────────────────────────────

const de: Texts = {
  about: {
    title: `Über uns`,
    body: p(
      `Tessera ist eine Wallet-App für USDT und EUR. Sie haben beide Währungen an einem Ort, zahlen sie ein und aus, tauschen die eine in die andere um und verfolgen die Kurse – auf dem Smartphone oder in jedem Browser.`,
      `Jedes Guthaben bei Tessera wird in einem Kontobuch mit doppelter Buchführung geführt. Jede Geldbewegung verlässt ein Konto und geht auf ein anderes, immer mit ihrem Grund. So lässt sich jede Zahl, die Sie sehen, auf die Buchungen in Ihren Kontobewegungen zurückführen.`,
      `Auf dem Handelsplatz kaufen und verkaufen zugelassene Händler untereinander USDT gegen EUR. Beide Seiten halten ihr Geld bereits bei Tessera, deshalb wird jeder Handel sofort abgewickelt: Sie warten auf keine Überweisung und laufen keiner Zahlung hinterher.`,
      `Über das Geld wachen Menschen, nicht nur Maschinen. Unser Team prüft jede Einzahlung, jede Auszahlung und jeden Antrag auf ein Händlerkonto. Lehnt es etwas ab, sehen Sie den Grund in Ihrem Verlauf.`,
      `Fragen? Tippen Sie in der App auf die Schaltfläche des Kundenservice und schreiben Sie uns. Wir helfen gern.`,
    ),
  },
  help: {
    title: `Hilfe-Center`,
    body: p(
      `Antworten auf die häufigsten Fragen. Ist Ihre nicht dabei, tippen Sie auf die Schaltfläche des Kundenservice.`,
      qa(
        `Wie zahle ich ein?`,
        `Öffnen Sie „Einzahlen“ unter „Start“ oder „Ich“. Wählen Sie USDT (TRC20 oder ERC20) und senden Sie es an die angezeigte Adresse, oder wählen Sie „Bankkarte“ und überweisen Sie EUR mit Ihrem Verwendungszweck auf die angezeigte IBAN. Geben Sie dann den Betrag ein, fügen Sie ein Bild des Zahlungsnachweises hinzu und übermitteln Sie die Einzahlung. Nach der Prüfung schreibt unser Team sie gut.`,
      ),
      qa(
        `Wie lange dauert eine Auszahlung?`,
        `Jede Auszahlung wird von unserem Team geprüft und ausgezahlt, sie erfolgt also nicht sofort. Wie lange es dauert, hängt von den Arbeitszeiten des Teams und bei Banküberweisungen auch von den Banken ab. Im Auszahlungsverlauf sehen Sie den Status und nach der Auszahlung die Auszahlungsreferenz.`,
      ),
      qa(
        `Warum ist ein Teil meines Guthabens reserviert?`,
        `Geld wird reserviert, solange etwas läuft: eine Auszahlung, bis unser Team sie ausführt oder zurückgibt, und ein Angebot oder Auftrag auf dem Handelsplatz, bis er abgewickelt ist oder endet. Reserviertes Geld gehört weiterhin Ihnen; es fließt auf Ihr verfügbares Guthaben zurück, wenn die Auszahlung storniert wird oder der Auftrag endet.`,
      ),
      qa(
        `Was ist das Zahlungspasswort, und was tue ich, wenn ich es vergesse?`,
        `Es ist ein 6-stelliger Code, verschieden von Ihrem Anmeldepasswort, der jede Auszahlung, jeden Umtausch und jeden Handel bestätigt. Sie legen es unter „Ich“ → „Einstellungen“ → „Zahlungspasswort“ fest oder ändern es dort. Nach 5 falschen Eingaben ist es 15 Minuten lang gesperrt. Haben Sie es vergessen, wenden Sie sich an den Kundenservice. Mitarbeitende von Tessera fragen Sie nie nach Ihren Passwörtern.`,
      ),
      qa(
        `Was ist ein Händlerkonto?`,
        `Nur Händler können auf dem Handelsplatz handeln. Sobald Ihr Zahlungspasswort festgelegt ist, stellen Sie den Antrag im Tab „Handeln“; unser Team prüft ihn. Wird er nicht genehmigt, sehen Sie den Grund und können einen neuen Antrag stellen.`,
      ),
      qa(
        `Was bringen die VIP-Stufen?`,
        `Bestätigte Einzahlungen zählen für Ihre VIP-Stufe. Jede Stufe bringt einen Bonus auf Ihre Einzahlungen und erlaubt eine bestimmte Zahl von Aufträgen pro Tag auf dem Handelsplatz. Unter „Ich“ → „VIP-Stufen“ sehen Sie Ihre Stufe und was für die nächste noch fehlt.`,
      ),
      qa(
        `Warum steht bei einem Kurs „Simulierte Daten“?`,
        `In dieser Installation sind die Kurse simuliert: Sie folgen keinem Markt, und niemand handelt zu ihnen. Sie zeigen nur, wie Kurse und Charts funktionieren.`,
      ),
      qa(
        `Wie erreiche ich den Kundenservice?`,
        `Tippen Sie auf die Schaltfläche des Kundenservice, das Headset unten am Bildschirm, und schreiben Sie uns im Chat. Geht es um eine Einzahlung, eine Auszahlung oder einen Handel, nennen Sie uns die Auftragsnummer.`,
      ),
    ),
  },
  company: {
    title: `Unternehmensprofil`,
    body: p(
      `Tessera ist eine Wallet-App für USDT und EUR. Nutzerinnen und Nutzer halten darin beide Währungen, zahlen sie ein und aus, tauschen sie ineinander um und handeln als zugelassene Händler auf einem Handelsplatz untereinander USDT gegen EUR.`,
      `Bei einem Absturz geht kein Geld verloren. Jede Änderung eines Guthabens wird in einem einzigen Schritt geschrieben, der entweder vollständig ausgeführt wird oder gar nicht. Ein Fehler, ein Neustart oder eine abgebrochene Verbindung lässt Geld deshalb nie auf halbem Weg zurück.`,
      `Jede Bewegung ist eine Buchung. Guthaben sind keine Zahlen, die überschrieben werden, sondern die Summe von Buchungen in doppelter Buchführung, jede mit ihrem Grund; Ihre eigenen sehen Sie in Ihren Kontobewegungen.`,
      `Was Sie sehen, steht in Ihrer Sprache. Die App spricht zehn Sprachen. Gebühren und Wechselkurse werden vor Ihrer Bestätigung angezeigt, und genau diese werden berechnet; lehnt unser Team etwas ab, steht der Grund in Ihrem Verlauf.`,
      `Das Team arbeitet mit persönlichen Konten, geschützt durch ein Passwort und einen Einmalcode. Die tägliche Arbeit ist auf zwei Rollen verteilt: Der Support sieht Konten und Verläufe ein und beantwortet Fragen; die Finanzabteilung entscheidet zudem über Einzahlungen, Auszahlungen und Anträge auf ein Händlerkonto. Die Einstellungen verwalten Administratoren. Jede Entscheidung wird mit Person, Zeitpunkt und Grund in einem Prüfprotokoll festgehalten.`,
      `Diese Seite beschreibt das Produkt. Der Betreiber dieser Demo-Installation trägt hier seine rechtlichen Angaben ein: Name des Unternehmens, eingetragene Anschrift, Registereintrag, etwaige Lizenzen und Kontaktmöglichkeiten.`,
    ),
  },
  intro: {
    title: `Plattform-Vorstellung`,
    body: p(
      `Tessera bringt Ihre USDT und EUR in einer App zusammen. Das können Sie damit tun.`,
      `Einzahlen: Senden Sie USDT über TRC20 oder ERC20 an Ihre Einzahlungsadresse, oder überweisen Sie EUR mit Ihrem Verwendungszweck auf eine IBAN. Fügen Sie einen Zahlungsnachweis hinzu, und unser Team schreibt den Betrag gut.`,
      `Auszahlen: Senden Sie USDT an eine Krypto-Adresse oder EUR auf Ihr verknüpftes Bankkonto. Gebühr und Auszahlungsbetrag sehen Sie, bevor Sie mit Ihrem Zahlungspasswort bestätigen.`,
      `Umtauschen: Unter „Umbuchen“ tauschen Sie EUR in USDT oder USDT in EUR. Kurs, Gebühr und der Betrag, den Sie erhalten, stehen einige Sekunden lang fest, während Sie entscheiden.`,
      `Auf dem Handelsplatz handeln: Mit einem Händlerkonto kaufen oder verkaufen Sie USDT gegen EUR mit anderen Händlern. Jeder Handel wird sofort abgewickelt, weil beide Seiten ihr Geld bereits bei Tessera halten.`,
      `Kurse und Charts: Verfolgen Sie unter „Start“ die Kurse der wichtigsten Coins und öffnen Sie einen Coin, um sein Kerzenchart und seine 24-Stunden-Werte zu sehen.`,
      `VIP-Stufen: Bestätigte Einzahlungen heben Ihre Stufe; jede Stufe bringt einen Bonus auf Einzahlungen und mehr Aufträge pro Tag auf dem Handelsplatz.`,
      `Neuigkeiten und Benachrichtigungen: Lesen Sie Mitteilungen und Neuigkeiten von Tessera und schalten Sie in den Einstellungen Benachrichtigungen für Handelshinweise und Systemhinweise ein.`,
      `Zehn Sprachen: Englisch, Chinesisch, Deutsch, Spanisch, Italienisch, Portugiesisch, Tamazight, Arabisch, Niederländisch und Hebräisch. Die Sprache wechseln Sie jederzeit in den Einstellungen.`,
      `Staking und Kredite sind in Vorbereitung und kommen mit einem Update.`,
    ),
  },
  'tutorial-deposit': {
    title: `So zahlen Sie ein`,
    body: p(
      `In wenigen Schritten bringen Sie USDT oder EUR auf Ihr Tessera-Guthaben.`,
      `1. Öffnen Sie „Einzahlen“: unter „Start“ oder über „Ich“ → „Einzahlen“.`,
      `2. Wählen Sie, womit Sie zahlen. Bei USDT wählen Sie das Netzwerk, TRC20 oder ERC20: Der Bildschirm zeigt Ihre Einzahlungsadresse und ihren QR-Code. Bei „Bankkarte“ zeigt er das Konto, auf das Sie EUR überweisen (Kontoinhaber, IBAN, BIC), und Ihren Verwendungszweck.`,
      `3. Senden Sie das Geld. Senden Sie nur USDT und nur über das gewählte Netzwerk: Über ein anderes Netzwerk gesendete Coins können nicht wiederhergestellt werden. Geben Sie bei einer Überweisung den Verwendungszweck an – daran erkennen wir, dass das Geld von Ihnen stammt.`,
      `4. Geben Sie in der App den gesendeten Betrag ein und wählen Sie ein Bild des Zahlungsnachweises: einen Screenshot oder ein Foto der Zahlung (JPG, PNG, HEIC oder WebP, höchstens 2 MB). Tippen Sie dann auf „Einzahlung übermitteln“.`,
      `5. Warten Sie auf unser Team. Es gleicht Ihren Nachweis mit der eingegangenen Zahlung ab und schreibt die Einzahlung gut: USDT in USDT, eine Überweisung in EUR.`,
      `6. Verfolgen Sie den Stand im Einzahlungsverlauf: Der Status lautet „In Bearbeitung“, dann „Gutgeschrieben“ – oder „Fehlgeschlagen“ mit dem Grund unseres Teams. Eine gutgeschriebene Einzahlung zählt auch für Ihre VIP-Stufe.`,
    ),
  },
  'tutorial-trade': {
    title: `So handeln Sie USDT auf dem Handelsplatz`,
    body: p(
      `Auf dem Handelsplatz kaufen und verkaufen Händler untereinander USDT gegen EUR. So machen Sie mit.`,
      `1. Legen Sie unter „Ich“ → „Einstellungen“ → „Zahlungspasswort“ ein Zahlungspasswort fest. Es hat 6 Ziffern, unterscheidet sich von Ihrem Anmeldepasswort und bestätigt jeden Auftrag.`,
      `2. Öffnen Sie den Tab „Handeln“ und tippen Sie auf „Händlerkonto beantragen“. Unser Team prüft den Antrag; sobald er genehmigt ist, können Sie handeln. Wird er abgelehnt, sehen Sie den Grund und können einen neuen Antrag stellen.`,
      `3. Wählen Sie „USDT kaufen“ oder „USDT verkaufen“ und geben Sie die Menge in USDT ein (mindestens 1 USDT).`,
      `4. Geben Sie einen Limitpreis in EUR pro USDT ein: beim Kauf den höchsten Stückpreis, den Sie akzeptieren, beim Verkauf den niedrigsten. Das Feld ist mit dem besten Preis des Handelsplatzes vorbelegt. Sie zahlen nie mehr und erhalten nie weniger als Ihr Limit.`,
      `5. Bestätigen Sie mit Ihrem Zahlungspasswort. Was der Auftrag braucht, wird von Ihrem Guthaben zurückgelegt: beim Kauf die EUR, beim Verkauf die USDT.`,
      `6. Die Zuordnung sucht das Angebot eines anderen Händlers. Oft findet sie es sofort; sonst sucht sie bis zu 60 Minuten weiter. Findet sie keines, endet der Auftrag, und alles Zurückgelegte fließt auf Ihr Guthaben zurück.`,
      `7. Nach der Zuordnung stehen Preis und Gesamtbetrag fest. Bestätigen Sie den Auftrag innerhalb von 15 Minuten unter „Aufträge“ mit Ihrem Zahlungspasswort – dann wechseln USDT und EUR sofort den Besitzer. Ein nicht rechtzeitig bestätigter Auftrag endet und gibt frei, was er zurückhielt.`,
      `8. Sie können einen Auftrag stornieren. Stornieren Sie jedoch an einem Tag mehr als 3 zugeordnete Aufträge, sind neue Aufträge bis Mitternacht (UTC) gesperrt.`,
      `9. Die Gebühr beträgt 0,2 % und wird von der Person gezahlt, die den Auftrag erteilt, abgezogen von dem, was sie erhält. Der Handelsplatz zeigt die aktuelle Gebühr und wie viele Aufträge Ihre VIP-Stufe heute noch erlaubt.`,
      `Unter „Meine Angebote“ können Sie auch ein eigenes Angebot mit Preis und Limits pro Auftrag einstellen: Aufträge anderer Händler werden dann damit abgewickelt.`,
    ),
  },
  'tutorial-withdraw': {
    title: `So zahlen Sie aus`,
    body: p(
      `Senden Sie USDT an eine Krypto-Adresse oder EUR auf Ihr Bankkonto.`,
      `1. Für EUR verknüpfen Sie zuerst Ihr Bankkonto unter „Ich“ → „Kontoverknüpfung“: Name des Kontoinhabers, IBAN, SWIFT/BIC, Name der Bank, Land und Adresse, bestätigt mit Ihrem Zahlungspasswort. Das Konto muss auf Ihren eigenen Namen lauten.`,
      `2. Öffnen Sie „Auszahlen“ unter „Start“ oder „Ich“ und wählen Sie „An eine Krypto-Adresse“ oder „Auf eine Bankkarte“.`,
      `3. Für USDT wählen Sie das Netzwerk und geben die Adresse ein: Eine TRC20-Adresse beginnt mit T und hat 34 Zeichen, eine ERC20-Adresse beginnt mit 0x und hat 42.`,
      `4. Geben Sie den Betrag ein. Der Bildschirm zeigt Ihr verfügbares Guthaben, das Minimum, die Gebühr und den Betrag, den Sie erhalten; die Gebühr wird vom Betrag abgezogen.`,
      `5. Tippen Sie auf „Auszahlen“ und bestätigen Sie mit Ihrem Zahlungspasswort.`,
      `6. Der Betrag bleibt reserviert, bis unser Team ihn auszahlt. Im Auszahlungsverlauf wechselt der Status dann auf „Abgeschlossen“, mit der Auszahlungsreferenz.`,
      `7. Kann unser Team nicht auszahlen, wird die Auszahlung mit einem Grund storniert, den Sie in Ihrem Verlauf sehen, und der gesamte Betrag fließt auf Ihr verfügbares Guthaben zurück.`,
    ),
  },
};

// ─── Español ────────────────────────────────────────────────────────────────────────────────

const es: Texts = {
  about: {
    title: `Sobre nosotros`,
    body: p(
      `Tessera es una app de cartera para USDT y EUR. Tienes las dos monedas en un solo lugar: las depositas y las retiras, conviertes una en otra y sigues las cotizaciones, desde el móvil o desde cualquier navegador.`,
      `Cada saldo de Tessera se lleva en un libro contable de partida doble. Cada movimiento de dinero sale de una cuenta y entra en otra, siempre con su motivo, así que cada cifra que ves puede rastrearse hasta los asientos de tus movimientos de fondos.`,
      `En el mercado, los comerciantes aprobados compran y venden USDT por EUR entre sí. Ambas partes ya tienen su dinero en Tessera, así que cada operación se liquida al instante: no hay que esperar ninguna transferencia bancaria ni reclamar ningún pago.`,
      `Del dinero se ocupan personas, no solo máquinas. Los operadores revisan cada depósito, cada retiro y cada solicitud de cuenta de comerciante, y cuando rechazan alguno, ves el motivo en tu historial.`,
      `¿Tienes preguntas? Toca el botón de atención al cliente en la app y escríbenos. Te ayudaremos con gusto.`,
    ),
  },
  help: {
    title: `Centro de ayuda`,
    body: p(
      `Respuestas a las preguntas más frecuentes. Si la tuya no está aquí, toca el botón de atención al cliente.`,
      qa(
        `¿Cómo hago un depósito?`,
        `Abre «Depositar» en Inicio o en Mi cuenta. Elige USDT (TRC20 o ERC20) y envíalo a la dirección indicada, o elige «Tarjeta bancaria» y transfiere EUR al IBAN indicado con tu referencia de pago. Después introduce el importe, añade una imagen del comprobante de pago y envía el depósito. Un operador lo abona tras revisarlo.`,
      ),
      qa(
        `¿Cuánto tarda un retiro?`,
        `Cada retiro lo revisa y lo paga un operador, así que no es instantáneo. El tiempo depende del horario de los operadores y, en las transferencias bancarias, también de los bancos. Tu historial de retiros muestra el estado y, una vez pagado, la referencia del retiro.`,
      ),
      qa(
        `¿Por qué una parte de mi saldo está retenida?`,
        `El dinero queda retenido mientras algo está en curso: un retiro, hasta que un operador lo paga o lo devuelve; una oferta o una orden en el mercado, hasta que se liquida o termina. El dinero retenido sigue siendo tuyo y vuelve a tu saldo disponible si el retiro se cancela o la orden termina.`,
      ),
      qa(
        `¿Qué es la contraseña de pago y qué hago si la olvido?`,
        `Es un código de 6 dígitos, distinto de tu contraseña de acceso, que confirma cada retiro, cada conversión y cada operación. Puedes configurarla o cambiarla en Mi cuenta → Ajustes → Contraseña de pago. Tras 5 intentos fallidos se bloquea durante 15 minutos. Si la has olvidado, contacta con atención al cliente. El personal de Tessera nunca te pedirá tus contraseñas.`,
      ),
      qa(
        `¿Qué es una cuenta de comerciante?`,
        `Solo los comerciantes pueden operar en el mercado. Cuando tengas configurada la contraseña de pago, solicítala en la pestaña Operar; un operador revisa la solicitud. Si no se aprueba, verás el motivo y podrás volver a solicitarla.`,
      ),
      qa(
        `¿Qué ofrecen los niveles VIP?`,
        `Los depósitos confirmados cuentan para tu nivel VIP. Cada nivel da una bonificación sobre tus depósitos y permite un número de órdenes diarias en el mercado. En Mi cuenta → Niveles VIP ves tu nivel y lo que te falta para el siguiente.`,
      ),
      qa(
        `¿Por qué un precio indica «Datos simulados»?`,
        `En esta instalación las cotizaciones son simuladas: no siguen ningún mercado y nadie opera a esos precios. Solo muestran cómo funcionan las cotizaciones y los gráficos.`,
      ),
      qa(
        `¿Cómo contacto con atención al cliente?`,
        `Toca el botón de atención al cliente, los auriculares en la parte inferior de la pantalla, y escríbenos en el chat. Si tu pregunta es sobre un depósito, un retiro o una operación, indícanos su número de orden.`,
      ),
    ),
  },
  company: {
    title: `Perfil de la empresa`,
    body: p(
      `Tessera es una app de cartera para USDT y EUR. En ella, las personas guardan ambas monedas, las depositan y las retiran, convierten una en otra y, como comerciantes aprobados, compran y venden USDT por EUR entre sí en un mercado.`,
      `El dinero nunca se pierde por un fallo. Cada cambio de un saldo se escribe en un solo paso que se completa entero o no ocurre en absoluto, así que un fallo, un reinicio o una conexión perdida nunca dejan dinero a medio camino.`,
      `Cada movimiento es un asiento contable. Los saldos no son cifras que se sobrescriben: son la suma de asientos de partida doble, cada uno con su motivo, y puedes consultar los tuyos en tus movimientos de fondos.`,
      `Lo que ves está en tu idioma. La app habla diez idiomas. Las comisiones y los tipos de cambio se muestran antes de que confirmes, y son los que se aplican; cuando un operador rechaza algo, el motivo aparece en tu historial.`,
      `Los operadores son personas con cuentas propias, protegidas por una contraseña y un código de un solo uso. Su trabajo diario se reparte en dos funciones: soporte consulta cuentas e historiales y responde preguntas; finanzas, además, decide sobre depósitos, retiros y solicitudes de cuenta de comerciante. Los ajustes los gestionan los administradores. Cada decisión queda anotada en un registro de auditoría con el operador, la hora y el motivo.`,
      `Esta página describe el producto. El operador de esta instalación de demostración completa aquí sus datos legales: nombre de la empresa, domicilio social, inscripción registral, licencias si las hubiera y datos de contacto.`,
    ),
  },
  intro: {
    title: `Sobre la plataforma`,
    body: p(
      `Tessera reúne tus USDT y tus EUR en una sola app. Esto es lo que puedes hacer con ella.`,
      `Depositar: envía USDT a tu dirección de depósito en TRC20 o ERC20, o transfiere EUR a un IBAN con tu referencia de pago. Añade un comprobante de pago y un operador lo abona.`,
      `Retirar: envía USDT a una dirección cripto, o EUR a la cuenta bancaria que hayas vinculado. La comisión y lo que recibes se muestran antes de que confirmes con tu contraseña de pago.`,
      `Convertir: en Transferir, cambia EUR por USDT o USDT por EUR. El tipo de cambio, la comisión y lo que recibes quedan fijados unos segundos mientras decides.`,
      `Operar en el mercado: con una cuenta de comerciante, compra o vende USDT por EUR con otros comerciantes. Las operaciones se liquidan al instante, porque ambas partes ya tienen su dinero en Tessera.`,
      `Cotizaciones y gráficos: sigue los precios de las principales monedas en Inicio y abre una moneda para ver su gráfico de velas y sus datos de 24 horas.`,
      `Niveles VIP: los depósitos confirmados suben tu nivel; cada nivel da una bonificación sobre los depósitos y más órdenes diarias en el mercado.`,
      `Noticias y notificaciones: lee los anuncios y las noticias de Tessera y activa en Ajustes los avisos de operaciones y los avisos del sistema.`,
      `Diez idiomas: inglés, chino, alemán, español, italiano, portugués, tamazight, árabe, neerlandés y hebreo. Cambia el idioma cuando quieras en Ajustes.`,
      `El staking y los préstamos están en preparación y llegarán en una actualización.`,
    ),
  },
  'tutorial-deposit': {
    title: `Cómo depositar`,
    body: p(
      `Añade USDT o EUR a tu saldo de Tessera en pocos pasos.`,
      `1. Abre Depositar: tócalo en Inicio, o ve a Mi cuenta → Depositar.`,
      `2. Elige con qué pagas. Con USDT, elige la red, TRC20 o ERC20: la pantalla muestra tu dirección de depósito y su código QR. Con «Tarjeta bancaria», la pantalla muestra la cuenta a la que transferir los EUR (titular, IBAN, BIC) y tu referencia de pago.`,
      `3. Envía el dinero. Envía solo USDT y solo por la red elegida: las monedas enviadas por otra red no se pueden recuperar. En una transferencia bancaria, indica la referencia de pago: así sabremos que el dinero es tuyo.`,
      `4. De vuelta en la app, introduce el importe que enviaste y elige una imagen del comprobante de pago: una captura de pantalla o una foto del pago (JPG, PNG, HEIC o WebP, máximo 2 MB). Después toca «Enviar depósito».`,
      `5. Espera a un operador. Compara tu comprobante con el pago recibido y abona el depósito: los USDT en USDT, una transferencia bancaria en EUR.`,
      `6. Síguelo en el historial de depósitos: el estado es «En proceso», después «Abonado», o «Fallido» con el motivo del operador. Un depósito abonado también cuenta para tu nivel VIP.`,
    ),
  },
  'tutorial-trade': {
    title: `Cómo operar con USDT en el mercado`,
    body: p(
      `En el mercado, los comerciantes compran y venden USDT por EUR entre sí. Así puedes participar.`,
      `1. Configura una contraseña de pago en Mi cuenta → Ajustes → Contraseña de pago. Tiene 6 dígitos, es distinta de tu contraseña de acceso y confirma cada orden.`,
      `2. Abre la pestaña Operar y toca «Solicitar una cuenta de comerciante». Un operador revisa la solicitud; en cuanto se aprueba, puedes operar. Si se rechaza, verás el motivo y podrás volver a solicitarla.`,
      `3. Elige «Comprar USDT» o «Vender USDT» e introduce la cantidad en USDT (al menos 1 USDT).`,
      `4. Introduce un precio límite en EUR por USDT: al comprar, el precio unitario máximo que aceptas; al vender, el mínimo. El campo empieza con el mejor precio del mercado. Nunca pagas más ni recibes menos que tu límite.`,
      `5. Confirma con tu contraseña de pago. Lo que necesita la orden se reserva de tu saldo: los EUR en una compra, los USDT en una venta.`,
      `6. El emparejamiento busca la oferta de otro comerciante. A menudo la encuentra al instante; si no, sigue buscando durante un máximo de 60 minutos. Si no encuentra ninguna, la orden termina y todo lo reservado vuelve a tu saldo.`,
      `7. Una vez emparejada, el precio y el total quedan fijados. Confirma la orden en Órdenes en un plazo de 15 minutos con tu contraseña de pago, y los USDT y los EUR cambian de manos al instante. Una orden que no se confirma a tiempo termina y libera lo que retenía.`,
      `8. Puedes cancelar una orden, pero si cancelas más de 3 órdenes emparejadas en un día, las nuevas órdenes quedan en pausa hasta la medianoche (UTC).`,
      `9. La comisión es del 0,2 % y la paga quien crea la orden, descontada de lo que recibe. El mercado muestra la comisión actual y cuántas órdenes te permite aún hoy tu nivel VIP.`,
      `También puedes publicar tu propia oferta, con un precio y límites por orden, en Mis ofertas: las órdenes de otros comerciantes se ejecutarán contra ella.`,
    ),
  },
  'tutorial-withdraw': {
    title: `Cómo retirar`,
    body: p(
      `Envía USDT a una dirección cripto o EUR a tu cuenta bancaria.`,
      `1. Para EUR, vincula primero tu cuenta bancaria en Mi cuenta → Vincular cuentas: nombre del titular, IBAN, SWIFT/BIC, nombre del banco, país y dirección, confirmados con tu contraseña de pago. La cuenta debe estar a tu nombre.`,
      `2. Abre Retirar en Inicio o en Mi cuenta y elige «A una dirección cripto» o «A una tarjeta bancaria».`,
      `3. Para USDT, elige la red e introduce la dirección: una dirección TRC20 empieza por T y tiene 34 caracteres; una ERC20 empieza por 0x y tiene 42.`,
      `4. Introduce el importe. La pantalla muestra tu saldo disponible, el mínimo, la comisión y lo que recibes; la comisión se descuenta del importe.`,
      `5. Toca «Retirar» y confirma con tu contraseña de pago.`,
      `6. El importe queda retenido hasta que un operador lo paga. Entonces el estado en el historial de retiros pasa a «Completado», con la referencia del retiro.`,
      `7. Si el operador no puede pagarlo, el retiro se cancela con un motivo, que verás en tu historial, y el importe completo vuelve a tu saldo disponible.`,
    ),
  },
};

// ─── Italiano ───────────────────────────────────────────────────────────────────────────────

const it: Texts = {
  about: {
    title: `Chi siamo`,
    body: p(
      `Tessera è un'app portafoglio per USDT ed EUR. Tieni entrambe le valute in un unico posto, le depositi e le prelevi, converti l'una nell'altra e segui le quotazioni, dal telefono o da qualsiasi browser.`,
      `Ogni saldo di Tessera è tenuto in un libro contabile a partita doppia. Ogni movimento di denaro esce da un conto ed entra in un altro, sempre con la sua causale, così ogni cifra che vedi può essere ricondotta alle registrazioni nei tuoi movimenti.`,
      `Nel mercato, i commercianti approvati comprano e vendono USDT contro EUR tra loro. Entrambe le parti tengono già il proprio denaro su Tessera, quindi ogni scambio viene regolato all'istante: nessun bonifico da aspettare, nessun pagamento da sollecitare.`,
      `Del denaro si occupano persone, non solo macchine. Gli operatori esaminano ogni deposito, ogni prelievo e ogni richiesta di account commerciante e, quando ne respingono uno, vedi il motivo nel tuo storico.`,
      `Hai domande? Tocca il pulsante dell'assistenza clienti nell'app e scrivici. Saremo felici di aiutarti.`,
    ),
  },
  help: {
    title: `Centro assistenza`,
    body: p(
      `Le risposte alle domande più frequenti. Se la tua non c'è, tocca il pulsante dell'assistenza clienti.`,
      qa(
        `Come faccio un deposito?`,
        `Apri «Deposito» dalla Home o da Profilo. Scegli USDT (TRC20 o ERC20) e invialo all'indirizzo indicato, oppure scegli «Carta bancaria» e fai un bonifico in EUR all'IBAN indicato con la tua causale. Poi inserisci l'importo, aggiungi l'immagine della ricevuta di pagamento e invia. Un operatore accredita il deposito dopo averlo verificato.`,
      ),
      qa(
        `Quanto tempo richiede un prelievo?`,
        `Ogni prelievo viene verificato e pagato da un operatore, quindi non è istantaneo. I tempi dipendono dall'orario di lavoro degli operatori e, per i bonifici, anche dalle banche. Lo storico prelievi mostra lo stato e, una volta pagato, il riferimento del prelievo.`,
      ),
      qa(
        `Perché una parte del mio saldo è bloccata?`,
        `Il denaro viene bloccato mentre qualcosa è in corso: un prelievo finché un operatore non lo paga o lo restituisce, un'offerta o un ordine nel mercato finché non viene regolato o termina. Il denaro bloccato resta tuo e torna al saldo disponibile se il prelievo viene annullato o l'ordine termina.`,
      ),
      qa(
        `Che cos'è la password di pagamento e cosa faccio se la dimentico?`,
        `È un codice di 6 cifre, diverso dalla password di accesso, che conferma ogni prelievo, ogni conversione e ogni scambio. Puoi impostarla o cambiarla in Profilo → Impostazioni → Password di pagamento. Dopo 5 tentativi errati viene bloccata per 15 minuti. Se l'hai dimenticata, contatta l'assistenza clienti. Il personale di Tessera non ti chiederà mai le tue password.`,
      ),
      qa(
        `Che cos'è un account commerciante?`,
        `Solo i commercianti possono fare trading nel mercato. Dopo aver impostato la password di pagamento, richiedilo nella scheda Trading; un operatore esamina la richiesta. Se non viene approvata, vedi il motivo e puoi fare una nuova richiesta.`,
      ),
      qa(
        `Che cosa offrono i livelli VIP?`,
        `I depositi confermati contano per il tuo livello VIP. Ogni livello dà un bonus sui tuoi depositi e consente un certo numero di ordini al giorno nel mercato. In Profilo → Livelli VIP vedi il tuo livello e quanto manca al successivo.`,
      ),
      qa(
        `Perché accanto a un prezzo compare «Dati simulati»?`,
        `In questa installazione le quotazioni sono simulate: non seguono alcun mercato e nessuno scambia a questi prezzi. Servono solo a mostrare come funzionano quotazioni e grafici.`,
      ),
      qa(
        `Come contatto l'assistenza?`,
        `Tocca il pulsante dell'assistenza clienti, le cuffie in basso sullo schermo, e scrivici in chat. Se la domanda riguarda un deposito, un prelievo o uno scambio, indicaci il numero d'ordine.`,
      ),
    ),
  },
  company: {
    title: `Profilo aziendale`,
    body: p(
      `Tessera è un'app portafoglio per USDT ed EUR. Chi la usa vi tiene entrambe le valute, le deposita e le preleva, converte l'una nell'altra e, come commerciante approvato, compra e vende USDT contro EUR con altri commercianti in un mercato.`,
      `Un guasto non fa mai perdere denaro. Ogni modifica di un saldo viene scritta in un unico passaggio che si completa per intero oppure non avviene affatto: un errore, un riavvio o una connessione persa non lasciano mai il denaro a metà strada.`,
      `Ogni movimento è una registrazione contabile. I saldi non sono cifre che vengono sovrascritte, ma la somma di registrazioni a partita doppia, ognuna con la sua causale; le tue le trovi nei tuoi movimenti.`,
      `Quello che vedi è nella tua lingua. L'app parla dieci lingue. Commissioni e tassi di cambio vengono mostrati prima della conferma e sono quelli effettivamente applicati; quando un operatore respinge qualcosa, il motivo compare nel tuo storico.`,
      `Gli operatori sono persone con account propri, protetti da una password e da un codice monouso. Il lavoro quotidiano è diviso in due ruoli: l'assistenza consulta account e storici e risponde alle domande; l'area finanza decide inoltre su depositi, prelievi e richieste di account commerciante. Le impostazioni sono gestite dagli amministratori. Ogni decisione viene annotata in un registro di controllo con l'operatore, l'ora e il motivo.`,
      `Questa pagina descrive il prodotto. Il gestore di questa installazione dimostrativa inserisce qui i propri dati legali: ragione sociale, sede legale, dati di registrazione, eventuali licenze e recapiti.`,
    ),
  },
  intro: {
    title: `La piattaforma`,
    body: p(
      `Tessera riunisce i tuoi USDT ed EUR in un'unica app. Ecco cosa puoi fare.`,
      `Deposito: invia USDT al tuo indirizzo di deposito su TRC20 o ERC20, oppure fai un bonifico in EUR su un IBAN con la tua causale. Aggiungi la ricevuta di pagamento e un operatore accredita l'importo.`,
      `Prelievo: invia USDT a un indirizzo crypto, oppure EUR al conto bancario che hai collegato. La commissione e quanto ricevi vengono mostrati prima che tu confermi con la password di pagamento.`,
      `Conversione: in Trasferisci, cambia EUR in USDT o USDT in EUR. Tasso di cambio, commissione e importo che ricevi restano fissi per qualche secondo mentre decidi.`,
      `Trading nel mercato: con un account commerciante, compra o vendi USDT contro EUR con altri commercianti. Gli scambi vengono regolati all'istante, perché entrambe le parti tengono già il proprio denaro su Tessera.`,
      `Quotazioni e grafici: segui i prezzi delle principali monete nella Home e apri una moneta per vederne il grafico a candele e i dati delle ultime 24 ore.`,
      `Livelli VIP: i depositi confermati fanno salire il tuo livello; ogni livello dà un bonus sui depositi e più ordini al giorno nel mercato.`,
      `Notizie e notifiche: leggi annunci e notizie di Tessera e attiva nelle Impostazioni le notifiche sugli scambi e gli avvisi di sistema.`,
      `Dieci lingue: inglese, cinese, tedesco, spagnolo, italiano, portoghese, tamazight, arabo, olandese ed ebraico. Puoi cambiare lingua in qualsiasi momento nelle Impostazioni.`,
      `Staking e prestiti sono in preparazione e arriveranno con un aggiornamento.`,
    ),
  },
  'tutorial-deposit': {
    title: `Come fare un deposito`,
    body: p(
      `Aggiungi USDT o EUR al tuo saldo Tessera in pochi passaggi.`,
      `1. Apri Deposito: toccalo nella Home oppure vai in Profilo → Deposito.`,
      `2. Scegli come paghi. Per USDT scegli la rete, TRC20 o ERC20: lo schermo mostra il tuo indirizzo di deposito e il relativo codice QR. Per «Carta bancaria» lo schermo mostra il conto su cui fare il bonifico in EUR (intestatario, IBAN, BIC) e la tua causale.`,
      `3. Invia il denaro. Invia solo USDT e solo sulla rete scelta: le monete inviate su un'altra rete non possono essere recuperate. Nel bonifico indica la causale: così sappiamo che il denaro è tuo.`,
      `4. Torna nell'app, inserisci l'importo inviato e scegli l'immagine della ricevuta di pagamento: uno screenshot o una foto del pagamento (JPG, PNG, HEIC o WebP, massimo 2 MB). Poi tocca «Invia deposito».`,
      `5. Attendi un operatore: confronta la ricevuta con il pagamento arrivato e accredita il deposito, in USDT per gli USDT e in EUR per un bonifico.`,
      `6. Seguilo nello Storico depositi: lo stato è «In elaborazione», poi «Accreditato», oppure «Non riuscito» con il motivo dell'operatore. Un deposito accreditato conta anche per il tuo livello VIP.`,
    ),
  },
  'tutorial-trade': {
    title: `Come scambiare USDT nel mercato`,
    body: p(
      `Nel mercato i commercianti comprano e vendono USDT contro EUR tra loro. Ecco come partecipare.`,
      `1. Imposta una password di pagamento in Profilo → Impostazioni → Password di pagamento. Ha 6 cifre, è diversa dalla password di accesso e conferma ogni ordine.`,
      `2. Apri la scheda Trading e tocca «Richiedi un account commerciante». Un operatore esamina la richiesta; appena è approvata, puoi fare trading. Se viene respinta, vedi il motivo e puoi fare una nuova richiesta.`,
      `3. Scegli «Acquista USDT» o «Vendi USDT» e inserisci la quantità in USDT (almeno 1 USDT).`,
      `4. Inserisci un prezzo limite in EUR per USDT: in acquisto il prezzo unitario massimo che accetti, in vendita il minimo. Il campo parte dal miglior prezzo del mercato. Non paghi mai di più, né ricevi mai di meno, del tuo limite.`,
      `5. Conferma con la password di pagamento. Ciò che serve all'ordine viene accantonato dal tuo saldo: gli EUR per un acquisto, gli USDT per una vendita.`,
      `6. L'abbinamento cerca l'offerta di un altro commerciante. Spesso la trova subito; altrimenti continua a cercare per un massimo di 60 minuti. Se non ne trova, l'ordine termina e tutto ciò che era accantonato torna sul tuo saldo.`,
      `7. Una volta abbinato l'ordine, prezzo e totale sono fissati. Confermalo in Ordini entro 15 minuti con la password di pagamento: USDT ed EUR passano di mano all'istante. Un ordine non confermato in tempo termina e sblocca ciò che tratteneva.`,
      `8. Puoi annullare un ordine, ma se annulli più di 3 ordini abbinati in un giorno, i nuovi ordini sono sospesi fino a mezzanotte (UTC).`,
      `9. La commissione è dello 0,2 % e la paga chi inserisce l'ordine, detratta da ciò che riceve. Il mercato mostra la commissione attuale e quanti ordini il tuo livello VIP ti consente ancora oggi.`,
      `Puoi anche pubblicare una tua offerta, con prezzo e limiti per ordine, in Le mie offerte: gli ordini degli altri commercianti verranno eseguiti su di essa.`,
    ),
  },
  'tutorial-withdraw': {
    title: `Come fare un prelievo`,
    body: p(
      `Invia USDT a un indirizzo crypto oppure EUR al tuo conto bancario.`,
      `1. Per gli EUR, collega prima il tuo conto bancario in Profilo → Collegamento account: nome dell'intestatario, IBAN, SWIFT/BIC, nome della banca, paese e indirizzo, confermati con la password di pagamento. Il conto deve essere intestato a te.`,
      `2. Apri Prelievo dalla Home o da Profilo e scegli «Su indirizzo crypto» o «Su carta bancaria».`,
      `3. Per gli USDT scegli la rete e inserisci l'indirizzo: un indirizzo TRC20 inizia con T e ha 34 caratteri; uno ERC20 inizia con 0x e ne ha 42.`,
      `4. Inserisci l'importo. Lo schermo mostra il saldo disponibile, il minimo, la commissione e quanto ricevi; la commissione viene detratta dall'importo.`,
      `5. Tocca «Prelievo» e conferma con la password di pagamento.`,
      `6. L'importo resta bloccato finché un operatore non lo paga. Poi lo stato nello Storico prelievi diventa «Completato», con il riferimento del prelievo.`,
      `7. Se l'operatore non può pagarlo, il prelievo viene annullato con un motivo, visibile nel tuo storico, e l'intero importo torna sul saldo disponibile.`,
    ),
  },
};

// ─── Português ──────────────────────────────────────────────────────────────────────────────

const pt: Texts = {
  about: {
    title: `Sobre nós`,
    body: p(
      `O Tessera é um app de carteira para USDT e EUR. Você guarda as duas moedas em um só lugar, deposita e retira, converte uma na outra e acompanha as cotações, no celular ou em qualquer navegador.`,
      `Cada saldo no Tessera é contabilizado em um livro-razão de partidas dobradas. Cada movimento de dinheiro sai de uma conta e entra em outra, sempre com o seu motivo; assim, cada valor que você vê pode ser rastreado até os lançamentos no seu histórico de fundos.`,
      `No mercado, comerciantes aprovados compram e vendem USDT por EUR entre si. As duas partes já têm o seu dinheiro no Tessera, por isso cada negociação é liquidada na hora: não há transferência bancária para esperar nem pagamento para cobrar.`,
      `Quem cuida do dinheiro são pessoas, não apenas máquinas. Os operadores analisam cada depósito, cada retirada e cada pedido de conta de comerciante e, quando recusam algum, você vê o motivo no seu histórico.`,
      `Tem dúvidas? Toque no botão de atendimento ao cliente no app e escreva para nós. Teremos prazer em ajudar.`,
    ),
  },
  help: {
    title: `Centro de ajuda`,
    body: p(
      `Respostas às perguntas mais frequentes. Se a sua não estiver aqui, toque no botão de atendimento ao cliente.`,
      qa(
        `Como faço um depósito?`,
        `Abra “Depositar” em Início ou em Conta. Escolha USDT (TRC20 ou ERC20) e envie para o endereço exibido, ou escolha “Cartão bancário” e transfira EUR para o IBAN exibido com a sua referência de pagamento. Depois, insira o valor, adicione a imagem do comprovante de pagamento e envie. Um operador credita o depósito depois de verificá-lo.`,
      ),
      qa(
        `Quanto tempo leva uma retirada?`,
        `Cada retirada é verificada e paga por um operador, por isso não é instantânea. O prazo depende do horário de trabalho dos operadores e, nas transferências bancárias, também dos bancos. O histórico de retiradas mostra o status e, depois do pagamento, a referência da retirada.`,
      ),
      qa(
        `Por que parte do meu saldo está retida?`,
        `O dinheiro fica retido enquanto algo está em andamento: uma retirada, até que um operador a pague ou devolva; uma oferta ou uma ordem no mercado, até ser liquidada ou terminar. O dinheiro retido continua sendo seu e volta ao saldo disponível se a retirada for cancelada ou a ordem terminar.`,
      ),
      qa(
        `O que é a senha de pagamento e o que faço se esquecê-la?`,
        `É um código de 6 dígitos, diferente da sua senha de acesso, que confirma cada retirada, conversão e negociação. Você pode defini-la ou alterá-la em Conta → Ajustes → Senha de pagamento. Depois de 5 tentativas erradas, ela fica bloqueada por 15 minutos. Se você a esqueceu, fale com o atendimento ao cliente. Os funcionários do Tessera nunca vão pedir as suas senhas.`,
      ),
      qa(
        `O que é uma conta de comerciante?`,
        `Só comerciantes podem negociar no mercado. Depois de definir a senha de pagamento, peça a conta na aba Negociar; um operador analisa o pedido. Se ele não for aprovado, você verá o motivo e poderá pedir novamente.`,
      ),
      qa(
        `O que os níveis VIP oferecem?`,
        `Os depósitos confirmados contam para o seu nível VIP. Cada nível dá um bônus sobre os seus depósitos e permite um certo número de ordens por dia no mercado. Em Conta → Níveis VIP, você vê o seu nível e o que falta para o próximo.`,
      ),
      qa(
        `Por que um preço aparece como “Dados simulados”?`,
        `Nesta instalação, as cotações são simuladas: não seguem nenhum mercado e ninguém negocia a esses preços. Elas servem apenas para mostrar como funcionam as cotações e os gráficos.`,
      ),
      qa(
        `Como falo com o suporte?`,
        `Toque no botão de atendimento ao cliente, o fone de ouvido na parte de baixo da tela, e escreva para nós no chat. Se a dúvida for sobre um depósito, uma retirada ou uma negociação, informe o número da ordem.`,
      ),
    ),
  },
  company: {
    title: `Perfil da empresa`,
    body: p(
      `O Tessera é um app de carteira para USDT e EUR. Nele, as pessoas guardam as duas moedas, depositam e retiram, convertem uma na outra e, como comerciantes aprovados, compram e vendem USDT por EUR entre si em um mercado.`,
      `O dinheiro nunca se perde em uma falha. Cada alteração de saldo é gravada em um único passo, que é concluído por inteiro ou não acontece; assim, uma falha, uma reinicialização ou uma conexão perdida nunca deixam dinheiro no meio do caminho.`,
      `Cada movimento é um lançamento no livro-razão. Os saldos não são números sobrescritos: são a soma de lançamentos em partidas dobradas, cada um com o seu motivo, e você pode consultar os seus no histórico de fundos.`,
      `O que você vê está no seu idioma. O app fala dez idiomas. As taxas e as cotações de câmbio são mostradas antes de você confirmar, e são essas que são cobradas; quando um operador recusa algo, o motivo aparece no seu histórico.`,
      `Os operadores são pessoas com contas próprias, protegidas por senha e por um código de uso único. O trabalho do dia a dia se divide em duas funções: o suporte consulta contas e históricos e responde a perguntas; o financeiro também decide sobre depósitos, retiradas e pedidos de conta de comerciante. As configurações ficam a cargo dos administradores. Cada decisão fica registrada em uma trilha de auditoria, com o operador, o horário e o motivo.`,
      `Esta página descreve o produto. O operador desta instalação de demonstração preenche aqui os seus dados legais: razão social, endereço da sede, registro, eventuais licenças e formas de contato.`,
    ),
  },
  intro: {
    title: `Sobre a plataforma`,
    body: p(
      `O Tessera reúne os seus USDT e EUR em um só app. Veja o que você pode fazer com ele.`,
      `Depositar: envie USDT para o seu endereço de depósito na rede TRC20 ou ERC20, ou transfira EUR para um IBAN com a sua referência de pagamento. Adicione um comprovante de pagamento, e um operador credita o valor.`,
      `Retirar: envie USDT para um endereço cripto, ou EUR para a conta bancária que você vinculou. A taxa e o valor que você recebe são mostrados antes de você confirmar com a senha de pagamento.`,
      `Converter: em Transferir, troque EUR por USDT ou USDT por EUR. O câmbio, a taxa e o valor que você recebe ficam fixos por alguns segundos enquanto você decide.`,
      `Negociar no mercado: com uma conta de comerciante, compre ou venda USDT por EUR com outros comerciantes. As negociações são liquidadas na hora, porque as duas partes já têm o seu dinheiro no Tessera.`,
      `Cotações e gráficos: acompanhe os preços das principais moedas em Início e abra uma moeda para ver o gráfico de velas e os números das últimas 24 horas.`,
      `Níveis VIP: os depósitos confirmados sobem o seu nível; cada nível dá um bônus sobre os depósitos e mais ordens por dia no mercado.`,
      `Notícias e notificações: leia os anúncios e as notícias do Tessera e ative, em Ajustes, os avisos de negociação e os avisos do sistema.`,
      `Dez idiomas: inglês, chinês, alemão, espanhol, italiano, português, tamazight, árabe, holandês e hebraico. Troque o idioma quando quiser em Ajustes.`,
      `O staking e os empréstimos estão em preparação e chegarão em uma atualização.`,
    ),
  },
  'tutorial-deposit': {
    title: `Como depositar`,
    body: p(
      `Adicione USDT ou EUR ao seu saldo no Tessera em poucos passos.`,
      `1. Abra Depositar: toque em Depositar em Início, ou vá em Conta → Depositar.`,
      `2. Escolha com o que você paga. Para USDT, escolha a rede, TRC20 ou ERC20: a tela mostra o seu endereço de depósito e o respectivo código QR. Para “Cartão bancário”, a tela mostra a conta para onde transferir os EUR (titular, IBAN, BIC) e a sua referência de pagamento.`,
      `3. Envie o dinheiro. Envie apenas USDT e apenas pela rede escolhida: moedas enviadas por outra rede não podem ser recuperadas. Na transferência bancária, inclua a referência de pagamento: é assim que sabemos que o dinheiro é seu.`,
      `4. De volta ao app, insira o valor que você enviou e escolha a imagem do comprovante de pagamento: uma captura de tela ou foto do pagamento (JPG, PNG, HEIC ou WebP, no máximo 2 MB). Depois, toque em “Enviar depósito”.`,
      `5. Aguarde um operador. Ele compara o seu comprovante com o pagamento recebido e credita o depósito: USDT em USDT, transferência bancária em EUR.`,
      `6. Acompanhe no Histórico de depósitos: o status é “Em processamento”, depois “Creditado”, ou “Falhou”, com o motivo do operador. Um depósito creditado também conta para o seu nível VIP.`,
    ),
  },
  'tutorial-trade': {
    title: `Como negociar USDT no mercado`,
    body: p(
      `No mercado, comerciantes compram e vendem USDT por EUR entre si. Veja como participar.`,
      `1. Defina uma senha de pagamento em Conta → Ajustes → Senha de pagamento. Ela tem 6 dígitos, é diferente da sua senha de acesso e confirma cada ordem.`,
      `2. Abra a aba Negociar e toque em “Pedir uma conta de comerciante”. Um operador analisa o pedido; assim que for aprovado, você pode negociar. Se for recusado, você verá o motivo e poderá pedir novamente.`,
      `3. Escolha “Comprar USDT” ou “Vender USDT” e insira a quantidade em USDT (no mínimo 1 USDT).`,
      `4. Insira um preço-limite em EUR por USDT: na compra, o preço unitário máximo que você aceita; na venda, o mínimo. O campo já vem com o melhor preço do mercado. Você nunca paga mais nem recebe menos do que o seu limite.`,
      `5. Confirme com a senha de pagamento. O que a ordem precisa é reservado do seu saldo: os EUR em uma compra, os USDT em uma venda.`,
      `6. O emparelhamento procura a oferta de outro comerciante. Muitas vezes encontra na hora; se não, continua procurando por até 60 minutos. Se não encontrar nenhuma, a ordem termina e tudo o que foi reservado volta ao seu saldo.`,
      `7. Depois do emparelhamento, o preço e o total ficam fixos. Confirme a ordem em Ordens em até 15 minutos com a senha de pagamento, e os USDT e os EUR trocam de mãos na hora. Uma ordem não confirmada a tempo termina e libera o que retinha.`,
      `8. Você pode cancelar uma ordem, mas, se cancelar mais de 3 ordens emparelhadas em um dia, as novas ordens ficam em pausa até a meia-noite (UTC).`,
      `9. A taxa é de 0,2 % e é paga por quem cria a ordem, descontada do que essa pessoa recebe. O mercado mostra a taxa atual e quantas ordens o seu nível VIP ainda permite hoje.`,
      `Você também pode publicar a sua própria oferta, com preço e limites por ordem, em As minhas ofertas: as ordens de outros comerciantes serão executadas contra ela.`,
    ),
  },
  'tutorial-withdraw': {
    title: `Como retirar`,
    body: p(
      `Envie USDT para um endereço cripto ou EUR para a sua conta bancária.`,
      `1. Para EUR, vincule primeiro a sua conta bancária em Conta → Vincular contas: nome do titular, IBAN, SWIFT/BIC, nome do banco, país e endereço, confirmados com a senha de pagamento. A conta deve estar em seu nome.`,
      `2. Abra Retirar em Início ou em Conta e escolha “Para um endereço cripto” ou “Para um cartão bancário”.`,
      `3. Para USDT, escolha a rede e insira o endereço: um endereço TRC20 começa com T e tem 34 caracteres; um ERC20 começa com 0x e tem 42.`,
      `4. Insira o valor. A tela mostra o saldo disponível, o mínimo, a taxa e o valor que você recebe; a taxa é descontada do valor.`,
      `5. Toque em “Retirar” e confirme com a senha de pagamento.`,
      `6. O valor fica retido até que um operador o pague. Então o status no Histórico de retiradas muda para “Concluída”, com a referência da retirada.`,
      `7. Se o operador não puder pagá-la, a retirada é cancelada com um motivo, que aparece no seu histórico, e o valor total volta ao seu saldo disponível.`,
    ),
  },
};

// ─── Nederlands ─────────────────────────────────────────────────────────────────────────────

const nl: Texts = {
  about: {
    title: `Over ons`,
    body: p(
      `Tessera is een wallet-app voor USDT en EUR. U hebt beide valuta's op één plek, stort en neemt ze op, zet de ene om in de andere en volgt de koersen, op uw telefoon of in elke browser.`,
      `Elk saldo in Tessera wordt bijgehouden in een grootboek volgens dubbel boekhouden. Elke geldbeweging gaat van de ene rekening naar de andere, altijd met de reden erbij, zodat elk bedrag dat u ziet terug te voeren is op de boekingen in uw transactieoverzicht.`,
      `Op het handelsplein kopen en verkopen goedgekeurde handelaren USDT tegen EUR van elkaar. Beide partijen hebben hun geld al bij Tessera, dus elke transactie wordt direct afgewikkeld: u wacht niet op een overboeking en hoeft geen betaling na te jagen.`,
      `Niet alleen machines, ook mensen waken over het geld. Medewerkers beoordelen elke storting, elke opname en elke aanvraag voor een handelaarsaccount, en als ze iets afwijzen, ziet u de reden in uw overzicht.`,
      `Vragen? Tik in de app op de knop van de klantenservice en schrijf ons. We helpen u graag.`,
    ),
  },
  help: {
    title: `Helpcentrum`,
    body: p(
      `Antwoorden op de vragen die we het vaakst krijgen. Staat uw vraag er niet bij, tik dan op de knop van de klantenservice.`,
      qa(
        `Hoe stort ik?`,
        `Open Storten via Home of Ik. Kies USDT (TRC20 of ERC20) en stuur het naar het getoonde adres, of kies Bankkaart en maak EUR over naar de getoonde IBAN met uw betalingskenmerk. Vul daarna het bedrag in, voeg een afbeelding van het betaalbewijs toe en dien de storting in. Een medewerker schrijft de storting bij na controle.`,
      ),
      qa(
        `Hoe lang duurt een opname?`,
        `Elke opname wordt door een medewerker gecontroleerd en uitbetaald, dus niet direct. Hoe lang het duurt, hangt af van de werktijden van de medewerkers en bij bankoverboekingen ook van de banken. Uw opnameoverzicht toont de status en na de uitbetaling het uitbetalingskenmerk.`,
      ),
      qa(
        `Waarom is een deel van mijn saldo gereserveerd?`,
        `Geld wordt gereserveerd zolang er iets loopt: een opname tot een medewerker die uitbetaalt of terugboekt, en een aanbod of order op het handelsplein tot die is afgewikkeld of afloopt. Gereserveerd geld blijft van u en gaat terug naar uw beschikbare saldo als de opname wordt geannuleerd of de order afloopt.`,
      ),
      qa(
        `Wat is het betaalwachtwoord, en wat als ik het vergeet?`,
        `Het is een code van 6 cijfers, anders dan uw inlogwachtwoord, waarmee u elke opname, omzetting en transactie bevestigt. U stelt het in of wijzigt het via Ik → Instellingen → Betaalwachtwoord. Na 5 verkeerde pogingen wordt het 15 minuten geblokkeerd. Bent u het vergeten, neem dan contact op met de klantenservice. Medewerkers van Tessera vragen nooit naar uw wachtwoorden.`,
      ),
      qa(
        `Wat is een handelaarsaccount?`,
        `Alleen handelaren kunnen handelen op het handelsplein. Zodra uw betaalwachtwoord is ingesteld, vraagt u het aan op het tabblad Handelen; een medewerker beoordeelt de aanvraag. Wordt die niet goedgekeurd, dan ziet u de reden en kunt u het opnieuw aanvragen.`,
      ),
      qa(
        `Wat leveren de VIP-niveaus op?`,
        `Bevestigde stortingen tellen mee voor uw VIP-niveau. Elk niveau geeft een bonus op uw stortingen en staat een aantal orders per dag op het handelsplein toe. Onder Ik → VIP-niveaus ziet u uw niveau en wat er nog nodig is voor het volgende.`,
      ),
      qa(
        `Waarom staat er bij een koers ‘Gesimuleerde gegevens’?`,
        `Op deze installatie zijn de koersen gesimuleerd: ze volgen geen markt en niemand handelt ertegen. Ze laten alleen zien hoe koersen en grafieken werken.`,
      ),
      qa(
        `Hoe bereik ik de klantenservice?`,
        `Tik op de knop van de klantenservice, de headset onder aan het scherm, en schrijf ons in de chat. Gaat uw vraag over een storting, een opname of een transactie, noem dan het ordernummer.`,
      ),
    ),
  },
  company: {
    title: `Bedrijfsprofiel`,
    body: p(
      `Tessera is een wallet-app voor USDT en EUR. Gebruikers bewaren er beide valuta's in, storten en nemen ze op, zetten de ene om in de andere en handelen als goedgekeurde handelaren op een handelsplein onderling USDT tegen EUR.`,
      `Bij een storing gaat nooit geld verloren. Elke wijziging van een saldo wordt in één stap vastgelegd, die helemaal wordt uitgevoerd of helemaal niet. Een fout, een herstart of een verbroken verbinding laat geld dus nooit halverwege achter.`,
      `Elke beweging is een boeking. Saldi zijn geen getallen die worden overschreven, maar de som van boekingen volgens dubbel boekhouden, elk met een reden; die van u staan in uw transactieoverzicht.`,
      `Wat u ziet, staat in uw taal. De app spreekt tien talen. Kosten en wisselkoersen worden getoond voordat u bevestigt, en precies die worden in rekening gebracht; wijst een medewerker iets af, dan staat de reden in uw overzicht.`,
      `Medewerkers zijn mensen met een eigen account, beveiligd met een wachtwoord en een eenmalige code. Het dagelijkse werk is verdeeld over twee rollen: support bekijkt accounts en overzichten en beantwoordt vragen; financiën beslist daarnaast over stortingen, opnames en aanvragen voor handelaarsaccounts. Instellingen worden beheerd door beheerders. Elke beslissing wordt met medewerker, tijdstip en reden vastgelegd in een audittrail.`,
      `Deze pagina beschrijft het product. De exploitant van deze demo-installatie vult hier zijn juridische gegevens in: bedrijfsnaam, statutair adres, inschrijving, eventuele vergunningen en contactgegevens.`,
    ),
  },
  intro: {
    title: `Over het platform`,
    body: p(
      `Tessera brengt uw USDT en EUR samen in één app. Dit kunt u ermee doen.`,
      `Storten: stuur USDT naar uw stortingsadres via TRC20 of ERC20, of maak EUR over naar een IBAN met uw betalingskenmerk. Voeg een betaalbewijs toe en een medewerker schrijft het bedrag bij.`,
      `Opnemen: stuur USDT naar een cryptoadres, of EUR naar de bankrekening die u hebt gekoppeld. De kosten en wat u ontvangt, ziet u voordat u bevestigt met uw betaalwachtwoord.`,
      `Omzetten: zet EUR om in USDT of USDT in EUR. De koers, de kosten en wat u ontvangt, liggen een paar seconden vast terwijl u beslist.`,
      `Handelen op het handelsplein: koop of verkoop met een handelaarsaccount USDT tegen EUR met andere handelaren. Transacties worden direct afgewikkeld, omdat beide partijen hun geld al bij Tessera hebben.`,
      `Koersen en grafieken: volg op Home de koersen van de belangrijkste munten en open een munt voor de candlestickgrafiek en de cijfers van de afgelopen 24 uur.`,
      `VIP-niveaus: bevestigde stortingen verhogen uw niveau; elk niveau geeft een bonus op stortingen en meer orders per dag op het handelsplein.`,
      `Nieuws en meldingen: lees mededelingen en nieuws van Tessera en zet in Instellingen handelsmeldingen en systeemmeldingen aan.`,
      `Tien talen: Engels, Chinees, Duits, Spaans, Italiaans, Portugees, Tamazight, Arabisch, Nederlands en Hebreeuws. Wissel op elk moment van taal in Instellingen.`,
      `Staking en leningen worden voorbereid en komen in een update.`,
    ),
  },
  'tutorial-deposit': {
    title: `Zo stort u`,
    body: p(
      `In een paar stappen zet u USDT of EUR op uw Tessera-saldo.`,
      `1. Open Storten: tik op Storten op Home, of ga naar Ik → Storten.`,
      `2. Kies waarmee u betaalt. Bij USDT kiest u het netwerk, TRC20 of ERC20: het scherm toont uw stortingsadres en de QR-code ervan. Bij Bankkaart toont het scherm de rekening waarnaar u EUR overmaakt (rekeninghouder, IBAN, BIC) en uw betalingskenmerk.`,
      `3. Verstuur het geld. Stuur alleen USDT, en alleen via het gekozen netwerk: munten die via een ander netwerk worden verzonden, kunnen niet worden teruggehaald. Vermeld bij een overboeking het betalingskenmerk: zo weten we dat het geld van u is.`,
      `4. Vul in de app het verzonden bedrag in en kies een afbeelding van het betaalbewijs: een screenshot of foto van de betaling (JPG, PNG, HEIC of WebP, maximaal 2 MB). Tik daarna op Storting indienen.`,
      `5. Wacht op een medewerker. Die vergelijkt uw bewijs met de ontvangen betaling en schrijft de storting bij: USDT in USDT, een overboeking in EUR.`,
      `6. Volg de storting in het stortingsoverzicht: de status is In behandeling, daarna Bijgeschreven, of Mislukt met de reden van de medewerker. Een bijgeschreven storting telt ook mee voor uw VIP-niveau.`,
    ),
  },
  'tutorial-trade': {
    title: `Zo handelt u USDT op het handelsplein`,
    body: p(
      `Op het handelsplein kopen en verkopen handelaren USDT tegen EUR van elkaar. Zo doet u mee.`,
      `1. Stel een betaalwachtwoord in via Ik → Instellingen → Betaalwachtwoord. Het heeft 6 cijfers, verschilt van uw inlogwachtwoord en bevestigt elke order.`,
      `2. Open het tabblad Handelen en tik op Handelaarsaccount aanvragen. Een medewerker beoordeelt de aanvraag; zodra die is goedgekeurd, kunt u handelen. Wordt ze afgewezen, dan ziet u de reden en kunt u het opnieuw aanvragen.`,
      `3. Kies USDT kopen of USDT verkopen en vul de hoeveelheid in USDT in (minimaal 1 USDT).`,
      `4. Vul een limietprijs in EUR per USDT in: bij kopen de hoogste prijs per eenheid die u accepteert, bij verkopen de laagste. Het veld begint met de beste prijs op het handelsplein. U betaalt nooit meer en ontvangt nooit minder dan uw limiet.`,
      `5. Bevestig met uw betaalwachtwoord. Wat de order nodig heeft, wordt van uw saldo gereserveerd: de EUR bij een aankoop, de USDT bij een verkoop.`,
      `6. Het koppelen zoekt een aanbod van een andere handelaar. Vaak vindt het er meteen een; anders zoekt het tot 60 minuten door. Wordt er geen gevonden, dan loopt de order af en gaat alles wat gereserveerd was terug naar uw saldo.`,
      `7. Na het koppelen liggen prijs en totaal vast. Bevestig de order binnen 15 minuten onder Orders met uw betaalwachtwoord; de USDT en EUR wisselen dan direct van eigenaar. Een order die niet op tijd wordt bevestigd, loopt af en geeft vrij wat hij vasthield.`,
      `8. U kunt een order annuleren, maar als u op één dag meer dan 3 gekoppelde orders annuleert, worden nieuwe orders gepauzeerd tot middernacht (UTC).`,
      `9. De kosten bedragen 0,2% en worden betaald door wie de order plaatst, van wat die ontvangt. Het handelsplein toont de huidige kosten en hoeveel orders uw VIP-niveau vandaag nog toestaat.`,
      `U kunt onder Mijn aanbiedingen ook een eigen aanbod plaatsen, met een prijs en limieten per order: orders van andere handelaren worden er dan mee afgewikkeld.`,
    ),
  },
  'tutorial-withdraw': {
    title: `Zo neemt u op`,
    body: p(
      `Stuur USDT naar een cryptoadres of EUR naar uw bankrekening.`,
      `1. Koppel voor EUR eerst uw bankrekening via Ik → Accountkoppeling: naam van de rekeninghouder, IBAN, SWIFT/BIC, naam van de bank, land en adres, bevestigd met uw betaalwachtwoord. De rekening moet op uw eigen naam staan.`,
      `2. Open Opnemen via Home of Ik en kies Naar een cryptoadres of Naar een bankkaart.`,
      `3. Kies voor USDT het netwerk en vul het adres in: een TRC20-adres begint met T en heeft 34 tekens; een ERC20-adres begint met 0x en heeft er 42.`,
      `4. Vul het bedrag in. Het scherm toont uw beschikbare saldo, het minimum, de kosten en wat u ontvangt; de kosten worden van het bedrag afgetrokken.`,
      `5. Tik op Opnemen en bevestig met uw betaalwachtwoord.`,
      `6. Het bedrag blijft gereserveerd tot een medewerker het uitbetaalt. In het opnameoverzicht wordt de status dan Voltooid, met het uitbetalingskenmerk.`,
      `7. Kan de medewerker het niet uitbetalen, dan wordt de opname geannuleerd met een reden, die u in uw overzicht ziet, en gaat het volledige bedrag terug naar uw beschikbare saldo.`,
    ),
  },
};

// ─── Tamaziɣt (Central Atlas, Latin script, as in src/locales/tzm) ───────────────────────────

const tzm: Texts = {
  about: {
    title: `Ɣef nneɣ`,
    body: p(
      `Tessera d asnas n uqrab i USDT d EUR. Ar tḥeḍḍuḍ snat n tedrimin g yan wadɣar, ar tesrseḍ, ar tessufɣeḍ, ar tbeddleḍ yat ɣer tayyaḍ, ar tḍeffṛeḍ isuqan, s utilifun nnek neɣ s kraygat iminig.`,
      `Kraygat rrṣid g Tessera ittuyara g udlis n yimiḍanen s snat n tirawin: kraygat amussu n idrimen ar iffeɣ seg yan umiḍan ar ikeccem ɣer yaḍn, d ssebba nnes. S waya, kraygat uṭṭun ad teẓṛeḍ izmer ad ittuḍfeṛ ar tirawin nnes g umezruy n idrimen nnek.`,
      `G usuq n umsaɣ, imsebbaben ittuqeblen ar ssaɣen ar zzenzen USDT s EUR gr-asen. Sin idisan ar ḥḍun yakan idrimen nsen g Tessera, ihi kraygat amsebdel ar ittuxelleṣ ɣilad: ur illi usmutti n lbanka ad t-tettrajuḍ, ur illi uxelleṣ ad t-tettnadiḍ.`,
      `Idrimen ur ten-ḥḍun ɣas imasinen, ḥḍan-ten ula midden. Imxeddamen ar senqaden kraygat asers, kraygat asufeɣ d kraygat asuter n umiḍan n umsebbab; mlli ugin kra, ad teẓṛeḍ ssebba nsen g umezruy nnek.`,
      `Is dar-k isqsiten? Rẓem Tallalt n imsɣayen g usnas tariḍ-aɣ-d. Nella da ḥma ad ak-nɛawen.`,
    ),
  },
  help: {
    title: `Ammas n tallalt`,
    body: p(
      `Da ad tafeḍ tiririt i isqsiten li ittuɛawaden aṭas. Ma ur tufiḍ asqsi nnek, rẓem Tallalt n imsɣayen.`,
      qa(
        `Mamek ad sskreɣ asers?`,
        `Rẓem Asers g Usnubeg neɣ g Nekk. Fren USDT (TRC20 neɣ ERC20) tazneḍ-t ɣer tansa li d-ibanen, neɣ fren Takarḍa n lbanka tesmuttiḍ EUR ɣer IBAN li d-ibanen s tmatart n uxelleṣ nnek. Sinna sekcem azal, rnu tawlaft n uxelleṣ, tazneḍ asers. Amxeddam ar ismmar asers deffir n usenqed.`,
      ),
      qa(
        `Mennaw n wakud ay ittaṭṭaf usufeɣ?`,
        `Kraygat asufeɣ ar t-isenqad umxeddam sinna ar t-ixelleṣ, ihi ur ittili ɣilad. Akud nnes ar ittili s tsaɛtin n uxeddim n imxeddamen d, i usmutti n lbanka, s lbankat. G umezruy n usufeɣ ad teẓṛeḍ addad nnes, d mlli ittuxelleṣ, tamatart n usufeɣ.`,
      ),
      qa(
        `Maɣef iḥbes yan umur n rrṣid inu?`,
        `Idrimen ar ttuḥebsen mlli yella kra ar iteddu: asufeɣ ar d-t-ixelleṣ umxeddam neɣ ar t-id-yerr, d usumer neɣ asuter g usuq n umsaɣ ar ittuxelleṣ neɣ ar ikfa. Idrimen iḥebsen mazal inek; ar d-uɣulen ɣer rrṣid illan ma ittusefsex usufeɣ neɣ ikfa usuter.`,
      ),
      qa(
        `Mad iga awal n uzray n uxelleṣ, d mamek ad skreɣ ma ttuɣ-t?`,
        `D tangalt n 6 n wuṭṭunen, imxalaf i wawal n uzray n unekcum, ar isentam kraygat asufeɣ, kraygat abeddel d kraygat amsebdel. Tzemreḍ ad t-tesbeddeḍ neɣ ad t-tbeddleḍ g Nekk → Iɣewwaṛen → Awal n uzray n uxelleṣ. Deffir n 5 n tikkal ur iṣeḥḥan, ar ittuqqen 15 n tusdidin. Ma tettuḍ-t, mmeslay d Tallalt n imsɣayen. Imxeddamen n Tessera ur ak-d ssutern sar iwalen n uzray nnek.`,
      ),
      qa(
        `Mad iga umiḍan n umsebbab?`,
        `Ɣas imsebbaben ayd izemren ad gen amsaɣ g usuq n umsaɣ. Mlli tesbeddeḍ awal n uzray n uxelleṣ, ssuter-t g Umsaɣ; amxeddam ar isenqad asuter. Ma ur ittuqbal, ad teẓṛeḍ ssebba, tzemreḍ ad tessutreḍ tikkelt yaḍn.`,
      ),
      qa(
        `Mad ttakan iswiren n VIP?`,
        `Isersen yettusentmen ar ttwaḥsaben i uswir nnek n VIP. Kraygat aswir ar ittak tawsna ɣef isersen nnek, ar isireg yan umḍan n isuturen i yal ass g usuq n umsaɣ. G Nekk → Iswiren n VIP ad teẓṛeḍ aswir nnek d ma ilaqen i uswir d-iteddun.`,
      ),
      qa(
        `Maɣef ar d-tettban "Isefka n usemres" ɣef yat ssumta?`,
        `G usebded-ad, tiɣuriwin ttwasemrasent: ur ttḍfarent kra n usuq, ur da ttnezzin yiwen yis-sent. Ar d-sskanent ɣas mamek ar xeddment tɣuriwin d isunaɣ.`,
      ),
      qa(
        `Mamek ad awḍeɣ tallalt?`,
        `Rẓem Tallalt n imsɣayen, taqeffalt g wadday n ugdil, tariḍ-aɣ-d g umsawal. Ma iga usqsi nnek ɣef users, asufeɣ neɣ amsebdel, ini-aɣ-d uṭṭun n usuter.`,
      ),
    ),
  },
  company: {
    title: `Amaɣnu n tkebbanit`,
    body: p(
      `Tessera d asnas n uqrab i USDT d EUR. Ar ttḥeḍḍun gis midden snat n tedrimin, ar srsen, ar ssufuɣen, ar ttbeddalen yat ɣer tayyaḍ, d imsebbaben ittuqeblen ar ssaɣen ar zzenzen USDT s EUR gr-asen g usuq n umsaɣ.`,
      `Idrimen ur ttruḥun sar mlli tella tuccḍa. Kraygat abeddel n rrṣid ar ittuyara g yat tikli: ima ad tmmed akk, ima ur tḍṛi sar. Ihi tuccḍa g uqeddac neɣ g uẓeṭṭa ur tettaǧǧa sar idrimen g wammas n ubrid.`,
      `Kraygat amussu d tira g udlis n yimiḍanen. Rrṣid ur iga uṭṭun ar ittuṛaren s wayḍ: iga asemday n tirawin n udlis (kraygat amussu ittuyara snat n tikkal, seg yan umiḍan ɣer yaḍn), kraygat yat s ssebba nnes. Tirawin nnek ad tent-teẓṛeḍ g umezruy n idrimen.`,
      `Ma ad teẓṛeḍ iga s tutlayt nnek. Asnas ar isawal s mraw n tutlayin. Tiwsiwin d wazal n usnfel ar d-ttbanen uqbel ad tsentmeḍ, d nettni ayd ittuxellṣen; mlli yugi umxeddam kra, ssebba ar d-tettban g umezruy nnek.`,
      `Imxeddamen d midden s imiḍanen nsen, ittuḥeṛṣen s wawal n uzray d tengalt n yat tikkelt. Axeddim n kraygat ass ibḍa ɣef snat n twuriwin: tallalt ar tettẓṛa imiḍanen d imezruyen, ar tettarra ɣef isqsiten; idrimen ar gzemen ula ɣef isersen, isufeɣ d isuturen n imiḍanen n imsebbaben. Iɣewwaṛen ar ten-ttḥeḍḍun inemhalen. Kraygat taɣtast ar tettuyara g udlis n usenqed s umxeddam, akud d ssebba.`,
      `Asebter-ad ar isskan afaris. Amsedday n usebded-ad n uskan ar d-yettaru da isefka nnes n usaḍuf: isem n tkebbanit, tansa nnes yettwajerrden, ajerred, turagin ma llant, d mamek ad as-tawḍeḍ.`,
    ),
  },
  intro: {
    title: `Tazwart ɣef tɣerɣert`,
    body: p(
      `Tessera ar isemun USDT d EUR nnek g yan usnas. Ha ma tzemreḍ ad tgeḍ.`,
      `Asers: azen USDT ɣer tansa n users nnek ɣef TRC20 neɣ ERC20, neɣ smutti EUR ɣer yan IBAN s tmatart n uxelleṣ nnek. Rnu tawlaft n uxelleṣ, ar t-ismmar umxeddam.`,
      `Asufeɣ: azen USDT ɣer tansa n kripto, neɣ EUR ɣer umiḍan n lbanka li teqqneḍ. Tifrat d ma ad teṭṭfeḍ ar d-ttbanen uqbel ad tsentmeḍ s wawal n uzray n uxelleṣ.`,
      `Abeddel: g Usmutti, beddel EUR ɣer USDT neɣ USDT ɣer EUR. Assaɣ, tifrat d ma ad teṭṭfeḍ ar qqimen kra n tsinin ḥma ad tgzmeḍ.`,
      `Amsaɣ g usuq: s umiḍan n umsebbab, sɣ neɣ zzenz USDT s EUR d imsebbaben yaḍnin. Imsebdalen ar ttuxellṣen ɣilad, acku sin idisan ar ḥḍun yakan idrimen nsen g Tessera.`,
      `Tiɣuriwin d isunaɣ: ḍfeṛ ssumat n tedrimin tigejdanin g Usnubeg, rẓem yat tedrimt ḥma ad teẓṛeḍ asuneɣ n tftilin nnes d wuṭṭunen n 24 n tisaɛtin.`,
      `Iswiren n VIP: isersen yettusentmen ar ssalayen aswir nnek; kraygat aswir ar ittak tawsna ɣef isersen d ugar n isuturen i yal ass g usuq n umsaɣ.`,
      `Isallen d ilɣa: ɣer isalan d isallen n Tessera, rẓem ilɣa n umsaɣ d ilɣa n unagraw g Iɣewwaṛen.`,
      `Mraw n tutlayin: tanglizit, tacinwit, talmanit, taspanyult, taṭelyanit, tapurtugalit, tamaziɣt, taɛrabt, tahulandit d taɛebrit. Tzemreḍ ad tbeddleḍ tutlayt g Iɣewwaṛen mlli trid.`,
      `Rrhen d iṛḍalen ar ttuheggan, ad d-asen g yan uleqqem.`,
    ),
  },
  'tutorial-deposit': {
    title: `Mamek ad tesrseḍ`,
    body: p(
      `Rnu USDT neɣ EUR ɣer rrṣid nnek g Tessera s kra n tikliwin.`,
      `1. Rẓem Asers g Usnubeg, neɣ ddu ɣer Nekk → Asers.`,
      `2. Fren s mat ar ttxellaṣeḍ. I USDT, fren aẓeṭṭa, TRC20 neɣ ERC20: agdil ar d-isskan tansa n users nnek d tengalt QR nnes. I Takarḍa n lbanka, agdil ar d-isskan amiḍan ɣer ad tesmuttiḍ EUR (bab n umiḍan, IBAN, BIC) d tmatart n uxelleṣ nnek.`,
      `3. Azen idrimen. Azen ɣas USDT, ɣas ɣef uẓeṭṭa li tferneḍ: tidrimin ittuznen g uẓeṭṭa yaḍn ur zmirent ad d-uɣulent. G usmutti n lbanka, ger tamatart n uxelleṣ: ar aɣ-tenna is idrimen inek.`,
      `4. Uɣul ɣer usnas, sekcem azal li tuzneḍ, fren tawlaft n uxelleṣ: tawlaft n ugdil neɣ tawlaft n uxelleṣ (JPG, PNG, HEIC neɣ WebP, ar 2 MB). Sinna fren Azen asers.`,
      `5. Ṛju amxeddam. Ar isenqad tawlaft nnek d uxelleṣ li d-ilkemen, sinna ar ismmar asers: USDT s USDT, asmutti n lbanka s EUR.`,
      `6. Ḍfeṛ-t g Umezruy n users: addad ar ittili Ar iteddu, sinna Ittumar, neɣ Ur iddi s ssebba n umxeddam. Asers ittumaren ar ittwaḥsab ula i uswir nnek n VIP.`,
    ),
  },
  'tutorial-trade': {
    title: `Mamek ad tesɣeḍ d ad tzenzeḍ USDT g usuq n umsaɣ`,
    body: p(
      `G usuq n umsaɣ, imsebbaben ar ssaɣen ar zzenzen USDT s EUR gr-asen. Ha mamek ad tkecmeḍ gis.`,
      `1. Sbedd awal n uzray n uxelleṣ g Nekk → Iɣewwaṛen → Awal n uzray n uxelleṣ. Dar-s 6 n wuṭṭunen, imxalaf i wawal n uzray n unekcum, ar isentam kraygat asuter.`,
      `2. Rẓem Amsaɣ, fren Ssuter amiḍan n umsebbab. Amxeddam ar isenqad asuter; mlli ittuqbal, tzemreḍ ad tgeḍ amsaɣ. Ma ittugi, ad teẓṛeḍ ssebba, tzemreḍ ad tessutreḍ tikkelt yaḍn.`,
      `3. Fren Sɣ USDT neɣ Zzenz USDT, sekcem tasmekta s USDT (1 USDT neɣ uggar).`,
      `4. Sekcem ssumta n tlast s EUR i yal USDT: g usɣa, ssumta tameqqrant n tyunt li teqqbleḍ; g uzenzi, tamecṭuḥt. Urti ar ibeddu s ssumta lli yifen g usuq. Ur txelleṣeḍ sar ugar n tlast nnek, ur tettaṭṭafeḍ sar ddaw nnes.`,
      `5. Sentem s wawal n uzray n uxelleṣ. Ma ilaqen i usuter ar ittwaḥbes seg rrṣid nnek: EUR g usɣa, USDT g uzenzi.`,
      `6. Anadi ar ittnadi ɣef usumer n umsebbab yaḍn. S waṭas ar t-yufa ɣilad; ma ur t-yufi, ar ittkemmil anadi ar 60 n tusdidin. Ma ur yufi kra, asuter ar ikfa, kraygat ma ittwaḥbes ar d-yuɣal ɣer rrṣid nnek.`,
      `7. Mlli yemsezday usuter, ssumta d usemday ur ttbeddalen. Sentem asuter g Isuturen g 15 n tusdidin s wawal n uzray n uxelleṣ, USDT d EUR ar mmbeddalen ɣilad. Asuter ur yettusentmen ɣef wakud ar ikfa, kraygat ma iḥbes ar ittusserreḥ.`,
      `8. Tzemreḍ ad tsefsxeḍ asuter, maca ma tsefsxeḍ ugar n 3 n isuturen yemsezdayen g yan wass, isuturen imaynuten ar ḥebsen ar ammas n yiḍ (UTC).`,
      `9. Tifrat d 0.2 %, ar tt-ixelleṣ win isskeren asuter, seg ma ad yaṭṭef. Asuq n umsaɣ ar d-isskan tifrat n ɣilad d mennaw n isuturen mazal ar isireg uswir nnek n VIP ass-a.`,
      `Tzemreḍ ula ad tesbeddeḍ asumer nnek, s ssumta d tilisa i yal asuter, g Isumar inu: isuturen n imsebbaben yaḍnin ad msezdin yid-s.`,
    ),
  },
  'tutorial-withdraw': {
    title: `Mamek ad tessufɣeḍ idrimen`,
    body: p(
      `Azen USDT ɣer tansa n kripto, neɣ EUR ɣer umiḍan nnek n lbanka.`,
      `1. I EUR, qqen d amezwaru amiḍan nnek n lbanka g Nekk → Aqqan n umiḍan: isem n bab n umiḍan, IBAN, SWIFT/BIC, isem n lbanka, tamurt d tansa, s usentem n wawal n uzray n uxelleṣ. Ilaq ad yili umiḍan s yisem nnek.`,
      `2. Rẓem Asufeɣ g Usnubeg neɣ g Nekk, fren Ɣer tansa n kripto neɣ Ɣer tkarḍa n lbanka.`,
      `3. I USDT, fren aẓeṭṭa, sekcem tansa: tansa n TRC20 ar tebdu s T, dar-s 34 n isekkilen; tansa n ERC20 ar tebdu s 0x, dar-s 42.`,
      `4. Sekcem azal. Agdil ar d-isskan rrṣid illan, amecṭuḥ, tifrat d ma ad teṭṭfeḍ; tifrat ar tettukkes seg wazal.`,
      `5. Fren Asufeɣ, sentem s wawal n uzray n uxelleṣ.`,
      `6. Azal ar ittuḥbes ar d-t-ixelleṣ umxeddam. Sinna addad g Umezruy n usufeɣ ar ittuɣal Immed, s tmatart n usufeɣ.`,
      `7. Ma ur izmir umxeddam ad t-ixelleṣ, asufeɣ ar ittusefsex s yat ssebba ad teẓṛeḍ g umezruy nnek, azal akk ar d-yuɣal ɣer rrṣid illan.`,
    ),
  },
};

// ─── العربية ────────────────────────────────────────────────────────────────────────────────

const ar: Texts = {
  about: {
    title: `من نحن`,
    body: p(
      `تطبيق Tessera محفظة لعملتَي USDT وEUR. تحتفظ بالعملتين في مكان واحد، وتودعهما وتسحبهما، وتحوّل إحداهما إلى الأخرى، وتتابع الأسعار، من هاتفك أو من أي متصفح.`,
      `يُحفظ كل رصيد في Tessera في دفتر حسابات قائم على القيد المزدوج. كل حركة مالية تخرج من حساب وتدخل حسابًا آخر ومعها سببها، لذلك يمكن تتبّع كل رقم تراه حتى القيود المسجّلة في سجل الأموال الخاص بك.`,
      `في قاعة التداول، يشتري التجار المعتمدون USDT ويبيعونه مقابل EUR فيما بينهم. يحتفظ الطرفان بأموالهما في Tessera مسبقًا، لذا تتم تسوية كل صفقة فورًا: لا انتظار لتحويل مصرفي ولا ملاحقة لدفعة متأخرة.`,
      `لا تعتني الآلات وحدها بالأموال، بل يعتني بها أشخاص أيضًا. يراجع الموظفون كل إيداع وكل سحب وكل طلب حساب تاجر، وإذا رفضوا أحدها ترى السبب في سجلاتك.`,
      `هل لديك أسئلة؟ اضغط على زر خدمة العملاء في التطبيق واكتب لنا. يسعدنا أن نساعدك.`,
    ),
  },
  help: {
    title: `مركز المساعدة`,
    body: p(
      `إجابات عن الأسئلة الأكثر شيوعًا. إن لم تجد سؤالك هنا، فاضغط على زر خدمة العملاء.`,
      qa(
        `كيف أقوم بالإيداع؟`,
        `افتح «إيداع» من «الرئيسية» أو من «حسابي». اختر USDT ‏(TRC20 أو ERC20) وأرسله إلى العنوان المعروض، أو اختر «بطاقة مصرفية» وحوّل EUR إلى رقم IBAN المعروض مع مرجع الدفع الخاص بك. ثم أدخل المبلغ وأضف صورة إثبات الدفع وقدّم الإيداع. يضيف أحد الموظفين الإيداع إلى رصيدك بعد مراجعته.`,
      ),
      qa(
        `كم يستغرق السحب؟`,
        `يراجع أحد الموظفين كل عملية سحب ويصرفها، لذا لا تتم فورًا. تعتمد المدة على ساعات عمل الموظفين، وفي التحويلات المصرفية على البنوك أيضًا. يعرض سجل السحوبات الحالة، ويعرض مرجع الصرف بعد الصرف.`,
      ),
      qa(
        `لماذا جزء من رصيدي محجوز؟`,
        `تُحجز الأموال ما دامت هناك عملية جارية: السحب حتى يصرفه أحد الموظفين أو يعيده، والعرض أو الطلب في قاعة التداول حتى تتم تسويته أو ينتهي. تبقى الأموال المحجوزة ملكك، وتعود إلى رصيدك المتاح إذا أُلغي السحب أو انتهى الطلب.`,
      ),
      qa(
        `ما كلمة مرور الدفع، وماذا أفعل إذا نسيتها؟`,
        `هي رمز من 6 أرقام يختلف عن كلمة مرور الدخول، وتؤكّد بها كل سحب وكل تحويل بين العملتين وكل صفقة. يمكنك تعيينها أو تغييرها من «حسابي» ← «الإعدادات» ← «كلمة مرور الدفع». بعد 5 محاولات خاطئة تُقفل لمدة 15 دقيقة. إذا نسيتها فتواصل مع خدمة العملاء. لن يطلب منك موظفو Tessera كلمات المرور أبدًا.`,
      ),
      qa(
        `ما هو حساب التاجر؟`,
        `لا يتداول في قاعة التداول إلا التجار. بعد تعيين كلمة مرور الدفع، قدّم طلبك من تبويب «تداول»، ويراجعه أحد الموظفين. إذا لم تتم الموافقة عليه، ترى السبب ويمكنك التقديم من جديد.`,
      ),
      qa(
        `ماذا تمنح مستويات VIP؟`,
        `تُحتسب الإيداعات المؤكدة في مستوى VIP الخاص بك. يمنح كل مستوى مكافأة على إيداعاتك ويسمح بعدد من الطلبات اليومية في قاعة التداول. في «حسابي» ← «مستويات VIP» ترى مستواك وما يلزم للمستوى التالي.`,
      ),
      qa(
        `لماذا تظهر عبارة «بيانات محاكاة» بجانب السعر؟`,
        `الأسعار في هذا التثبيت محاكاة: لا تتبع أي سوق ولا يتداول بها أحد. إنها تبيّن فقط كيف تعمل الأسعار والرسوم البيانية.`,
      ),
      qa(
        `كيف أتواصل مع الدعم؟`,
        `اضغط على زر خدمة العملاء، أيقونة السماعة أسفل الشاشة، واكتب لنا في الدردشة. إذا كان سؤالك عن إيداع أو سحب أو صفقة، فاذكر لنا رقم الطلب.`,
      ),
    ),
  },
  company: {
    title: `نبذة عن الشركة`,
    body: p(
      `تطبيق Tessera محفظة لعملتَي USDT وEUR. يحتفظ فيه المستخدمون بالعملتين، ويودعونهما ويسحبونهما، ويحوّلون إحداهما إلى الأخرى، ويتداول التجار المعتمدون منهم USDT مقابل EUR فيما بينهم في قاعة التداول.`,
      `لا تضيع الأموال أبدًا عند حدوث عطل. يُكتب كل تغيير في الرصيد في خطوة واحدة إما أن تكتمل بالكامل وإما ألا تحدث إطلاقًا، لذلك لا يترك عطل أو إعادة تشغيل أو انقطاع اتصال أي أموال في منتصف الطريق.`,
      `كل حركة قيدٌ في دفتر الحسابات. الأرصدة ليست أرقامًا يُكتب فوقها، بل هي مجموع قيود محاسبية مزدوجة، لكل منها سببه، ويمكنك الاطلاع على قيودك في سجل الأموال.`,
      `ما تراه يظهر بلغتك. يتحدث التطبيق عشر لغات. تُعرض الرسوم وأسعار الصرف قبل التأكيد، وهي نفسها التي تُحتسب عليك؛ وإذا رفض أحد الموظفين أمرًا ما، يظهر السبب في سجلاتك.`,
      `الموظفون أشخاص لكل منهم حسابه الخاص، المحمي بكلمة مرور ورمز يُستخدم مرة واحدة. ينقسم العمل اليومي بين دورين: الدعم يطّلع على الحسابات والسجلات ويجيب عن الأسئلة، والمالية تبتّ أيضًا في الإيداعات والسحوبات وطلبات حسابات التجار. أما الإعدادات فيتولاها المسؤولون. ويُسجَّل كل قرار في سجل تدقيق يتضمن الموظف والوقت والسبب.`,
      `تصف هذه الصفحة المنتج. يملأ مشغّل هذا التثبيت التجريبي بياناته القانونية هنا: اسم الشركة وعنوانها المسجّل وبيانات تسجيلها وأي تراخيص لديها ووسائل التواصل معها.`,
    ),
  },
  intro: {
    title: `تعريف بالمنصة`,
    body: p(
      `يجمع تطبيق Tessera عملتَي USDT وEUR الخاصتين بك في تطبيق واحد. إليك ما يمكنك فعله.`,
      `الإيداع: أرسل USDT إلى عنوان الإيداع الخاص بك عبر TRC20 أو ERC20، أو حوّل EUR إلى رقم IBAN مع مرجع الدفع الخاص بك. أضف إثبات الدفع، وسيضيف أحد الموظفين المبلغ إلى رصيدك.`,
      `السحب: أرسل USDT إلى عنوان عملات مشفّرة، أو EUR إلى الحساب المصرفي الذي ربطته. تظهر الرسوم والمبلغ الذي ستستلمه قبل أن تؤكّد بكلمة مرور الدفع.`,
      `التحويل: من «تحويل»، بدّل EUR إلى USDT أو USDT إلى EUR. يبقى السعر والرسوم وما ستستلمه ثابتة لبضع ثوانٍ ريثما تقرّر.`,
      `التداول في القاعة: بحساب تاجر، اشترِ USDT أو بِعه مقابل EUR مع تجار آخرين. تتم تسوية الصفقات فورًا لأن الطرفين يحتفظان بأموالهما في Tessera مسبقًا.`,
      `الأسعار والرسوم البيانية: تابع أسعار العملات الرئيسية في «الرئيسية»، وافتح أي عملة لترى رسم الشموع البيانية وأرقام آخر 24 ساعة.`,
      `مستويات VIP: ترفع الإيداعات المؤكدة مستواك، ويمنح كل مستوى مكافأة على الإيداعات وعددًا أكبر من الطلبات اليومية في قاعة التداول.`,
      `الأخبار والإشعارات: اقرأ إعلانات Tessera وأخبارها، وفعّل من «الإعدادات» إشعارات التداول وإشعارات النظام.`,
      `عشر لغات: الإنجليزية والصينية والألمانية والإسبانية والإيطالية والبرتغالية والأمازيغية والعربية والهولندية والعبرية. غيّر اللغة متى شئت من «الإعدادات».`,
      `الرهن والقروض قيد الإعداد، وستصل في تحديث قادم.`,
    ),
  },
  'tutorial-deposit': {
    title: `كيفية الإيداع`,
    body: p(
      `أضف USDT أو EUR إلى رصيدك في Tessera ببضع خطوات.`,
      `1. افتح «إيداع»: من «الرئيسية»، أو من «حسابي» ← «إيداع».`,
      `2. اختر وسيلة الدفع. مع USDT اختر الشبكة، TRC20 أو ERC20، فتعرض الشاشة عنوان الإيداع الخاص بك ورمز QR الخاص به. ومع «بطاقة مصرفية» تعرض الشاشة الحساب الذي تحوّل إليه EUR ‏(صاحب الحساب وIBAN وBIC) ومرجع الدفع الخاص بك.`,
      `3. أرسل المال. أرسل USDT فقط، وعبر الشبكة التي اخترتها فقط: لا يمكن استرداد العملات المُرسَلة عبر شبكة أخرى. وفي التحويل المصرفي اكتب مرجع الدفع، فبه نعرف أن المال يخصّك.`,
      `4. عد إلى التطبيق، وأدخل المبلغ الذي أرسلته، واختر صورة إثبات الدفع: لقطة شاشة أو صورة لعملية الدفع (بصيغة JPG أو PNG أو HEIC أو WebP، وبحدٍّ أقصى 2 ميغابايت). ثم اضغط «تقديم الإيداع».`,
      `5. انتظر أحد الموظفين. يطابق إثباتك مع الدفعة الواصلة ثم يضيف الإيداع إلى رصيدك: إيداع USDT بعملة USDT، والتحويل المصرفي بعملة EUR.`,
      `6. تابعه في «سجل الإيداعات»: تكون الحالة «قيد المعالجة» ثم «تمت الإضافة»، أو «فشل» مع سبب الموظف. ويُحتسب الإيداع المضاف أيضًا في مستوى VIP الخاص بك.`,
    ),
  },
  'tutorial-trade': {
    title: `كيفية تداول USDT في قاعة التداول`,
    body: p(
      `في قاعة التداول، يشتري التجار USDT ويبيعونه مقابل EUR فيما بينهم. إليك طريقة المشاركة.`,
      `1. عيّن كلمة مرور الدفع من «حسابي» ← «الإعدادات» ← «كلمة مرور الدفع». تتكوّن من 6 أرقام، وتختلف عن كلمة مرور الدخول، وتؤكّد بها كل طلب.`,
      `2. افتح تبويب «تداول» واضغط «التقديم على حساب تاجر». يراجع أحد الموظفين طلبك، ويمكنك التداول فور الموافقة عليه. وإذا رُفض، ترى السبب ويمكنك التقديم من جديد.`,
      `3. اختر «شراء USDT» أو «بيع USDT»، وأدخل الكمية بعملة USDT ‏(1 USDT على الأقل).`,
      `4. أدخل سعرًا حدّيًا بعملة EUR لكل USDT: عند الشراء أعلى سعر للوحدة تقبله، وعند البيع أدنى سعر. يبدأ الحقل بأفضل سعر في القاعة. لن تدفع أبدًا أكثر من حدّك، ولن تستلم أقل منه.`,
      `5. أكّد بكلمة مرور الدفع. يُحجز من رصيدك ما يحتاجه الطلب: EUR عند الشراء، وUSDT عند البيع.`,
      `6. تبحث المطابقة عن عرض لتاجر آخر. غالبًا ما تجده فورًا، وإلا تواصل البحث لمدة تصل إلى 60 دقيقة. وإذا لم تجد أي عرض، ينتهي الطلب ويعود كل ما حُجز إلى رصيدك.`,
      `7. بعد المطابقة يصبح السعر والإجمالي ثابتين. أكّد الطلب من «الطلبات» خلال 15 دقيقة بكلمة مرور الدفع، فينتقل USDT وEUR بين الطرفين فورًا. والطلب الذي لا يُؤكَّد في الوقت المحدد ينتهي ويُفرج عمّا كان يحجزه.`,
      `8. يمكنك إلغاء الطلب، لكن إلغاء أكثر من 3 طلبات مطابَقة في يوم واحد يوقف الطلبات الجديدة حتى منتصف الليل (بتوقيت UTC).`,
      `9. الرسوم 0.2% ويدفعها من يقدّم الطلب، وتُخصم مما يستلمه. تعرض القاعة الرسوم الحالية وعدد الطلبات التي لا يزال مستوى VIP الخاص بك يسمح بها اليوم.`,
      `يمكنك أيضًا نشر عرضك الخاص، بسعر وحدود لكل طلب، من «عروضي»، فتُنفَّذ عليه طلبات التجار الآخرين.`,
    ),
  },
  'tutorial-withdraw': {
    title: `كيفية السحب`,
    body: p(
      `أرسل USDT إلى عنوان عملات مشفّرة، أو EUR إلى حسابك المصرفي.`,
      `1. لسحب EUR، اربط حسابك المصرفي أولًا من «حسابي» ← «ربط الحساب»: اسم صاحب الحساب وIBAN وSWIFT/BIC واسم البنك والدولة والعنوان، مع التأكيد بكلمة مرور الدفع. يجب أن يكون الحساب باسمك.`,
      `2. افتح «سحب» من «الرئيسية» أو من «حسابي»، واختر «إلى عنوان عملات مشفّرة» أو «إلى بطاقة مصرفية».`,
      `3. لسحب USDT، اختر الشبكة وأدخل العنوان: يبدأ عنوان TRC20 بالحرف T ويتكوّن من 34 حرفًا، ويبدأ عنوان ERC20 بـ 0x ويتكوّن من 42 حرفًا.`,
      `4. أدخل المبلغ. تعرض الشاشة رصيدك المتاح والحد الأدنى والرسوم وما ستستلمه، وتُخصم الرسوم من المبلغ.`,
      `5. اضغط «سحب» وأكّد بكلمة مرور الدفع.`,
      `6. يبقى المبلغ محجوزًا حتى يصرفه أحد الموظفين، ثم تتحول الحالة في «سجل السحوبات» إلى «مكتملة» مع مرجع الصرف.`,
      `7. إذا تعذّر على الموظف صرفه، يُلغى السحب مع ذكر السبب في سجلاتك، ويعود المبلغ كاملًا إلى رصيدك المتاح.`,
    ),
  },
};

// ─── עברית ──────────────────────────────────────────────────────────────────────────────────

const he: Texts = {
  about: {
    title: `מי אנחנו`,
    body: p(
      `אפליקציית Tessera היא ארנק ל-USDT ול-EUR. שני המטבעות נמצאים אצלך במקום אחד: אפשר להפקיד ולמשוך אותם, להמיר אחד בשני ולעקוב אחר השערים, בטלפון או בכל דפדפן.`,
      `כל יתרה ב-Tessera מנוהלת בפנקס חשבונות בשיטת הרישום הכפול. כל תנועת כסף יוצאת מחשבון אחד ונכנסת לחשבון אחר, תמיד עם הסיבה שלה, כך שאפשר להתחקות אחר כל מספר שמוצג לך עד לרישומים בתנועות הכספים שלך.`,
      `באולם המסחר, סוחרים מאושרים קונים ומוכרים USDT תמורת EUR זה מזה. שני הצדדים כבר מחזיקים את הכסף שלהם ב-Tessera, ולכן כל עסקה נסגרת מיד: אין העברה בנקאית שצריך לחכות לה ואין תשלום שצריך לרדוף אחריו.`,
      `לא רק מכונות שומרות על הכסף, אלא גם אנשים. מפעילים בודקים כל הפקדה, כל משיכה וכל בקשה לחשבון סוחר, וכשהם דוחים משהו, הסיבה מופיעה ברשומות שלך.`,
      `יש שאלות? אפשר להקיש על כפתור שירות הלקוחות באפליקציה ולכתוב לנו. נשמח לעזור.`,
    ),
  },
  help: {
    title: `מרכז העזרה`,
    body: p(
      `תשובות לשאלות הנפוצות ביותר. אם השאלה שלך לא מופיעה כאן, אפשר להקיש על כפתור שירות הלקוחות.`,
      qa(
        `איך מפקידים?`,
        `פותחים את "הפקדה" מהמסך "בית" או מ"אישי". בוחרים USDT ‏(TRC20 או ERC20) ושולחים לכתובת שמוצגת, או בוחרים "כרטיס בנק" ומעבירים EUR ל-IBAN שמוצג, יחד עם אסמכתת התשלום שלך. לאחר מכן מזינים את הסכום, מוסיפים תמונה של הוכחת התשלום ושולחים. מפעיל מזכה את ההפקדה לאחר שבדק אותה.`,
      ),
      qa(
        `כמה זמן לוקחת משיכה?`,
        `כל משיכה נבדקת ומשולמת על ידי מפעיל, ולכן היא אינה מיידית. משך הזמן תלוי בשעות העבודה של המפעילים, ובהעברות בנקאיות גם בבנקים. בהיסטוריית המשיכות מוצג הסטטוס, ולאחר התשלום גם אסמכתת ההעברה.`,
      ),
      qa(
        `למה חלק מהיתרה שלי מוקפא?`,
        `כסף מוקפא כל עוד משהו נמצא בתהליך: משיכה, עד שמפעיל משלם אותה או מחזיר אותה; הצעה או הזמנה באולם המסחר, עד שהיא נסגרת או מסתיימת. הכסף המוקפא נשאר שלך, והוא חוזר ליתרה הזמינה אם המשיכה מבוטלת או ההזמנה מסתיימת.`,
      ),
      qa(
        `מהי סיסמת התשלום, ומה עושים אם שוכחים אותה?`,
        `זהו קוד בן 6 ספרות, שונה מסיסמת הכניסה, שמאשר כל משיכה, כל המרה וכל עסקה. מגדירים או משנים אותה ב"אישי" ← "הגדרות" ← "סיסמת תשלום". אחרי 5 ניסיונות שגויים היא ננעלת ל-15 דקות. אם שכחת אותה, יש לפנות לשירות הלקוחות. צוות Tessera לעולם לא יבקש ממך את הסיסמאות שלך.`,
      ),
      qa(
        `מהו חשבון סוחר?`,
        `רק סוחרים יכולים לסחור באולם המסחר. אחרי שהגדרת סיסמת תשלום, מגישים בקשה בלשונית "מסחר", ומפעיל בודק אותה. אם הבקשה לא אושרה, הסיבה מוצגת ואפשר להגיש בקשה חדשה.`,
      ),
      qa(
        `מה נותנות דרגות VIP?`,
        `הפקדות מאושרות נספרות לדרגת ה-VIP שלך. כל דרגה מעניקה מתנה על ההפקדות ומאפשרת מספר מסוים של הזמנות ביום באולם המסחר. ב"אישי" ← "דרגות VIP" מוצגות הדרגה שלך ומה חסר לדרגה הבאה.`,
      ),
      qa(
        `למה ליד מחיר כתוב "נתונים מדומים"?`,
        `בהתקנה זו השערים מדומים: הם אינם עוקבים אחר שוק כלשהו ואיש אינו סוחר בהם. הם רק מדגימים איך השערים והגרפים עובדים.`,
      ),
      qa(
        `איך פונים לתמיכה?`,
        `מקישים על כפתור שירות הלקוחות, האוזניות בתחתית המסך, וכותבים לנו בצ'אט. אם השאלה נוגעת להפקדה, למשיכה או לעסקה, כדאי לציין את מספר ההזמנה.`,
      ),
    ),
  },
  company: {
    title: `פרופיל החברה`,
    body: p(
      `אפליקציית Tessera היא ארנק ל-USDT ול-EUR. המשתמשים מחזיקים בה את שני המטבעות, מפקידים ומושכים אותם, ממירים אחד בשני, וכסוחרים מאושרים קונים ומוכרים USDT תמורת EUR זה מזה באולם המסחר.`,
      `כסף לעולם אינו הולך לאיבוד בקריסה. כל שינוי ביתרה נכתב בצעד אחד שמתבצע במלואו או שאינו מתבצע כלל, כך שתקלה, הפעלה מחדש או ניתוק לעולם אינם משאירים כסף באמצע הדרך.`,
      `כל תנועה היא רישום בפנקס. יתרות אינן מספרים שנכתבים מחדש, אלא סכום של רישומים בשיטת הרישום הכפול, לכל אחד מהם סיבה, ואת הרישומים שלך אפשר לראות בתנועות הכספים.`,
      `מה שמוצג לך מוצג בשפה שלך. האפליקציה מדברת עשר שפות. העמלות ושערי ההמרה מוצגים לפני האישור, ואלה בדיוק הסכומים שנגבים; כשמפעיל דוחה משהו, הסיבה מופיעה ברשומות שלך.`,
      `המפעילים הם אנשים עם חשבונות אישיים, המוגנים בסיסמה ובקוד חד-פעמי. העבודה השוטפת מחולקת לשני תפקידים: תמיכה, שצופה בחשבונות וברשומות ועונה על שאלות; וכספים, שמחליטים גם על הפקדות, משיכות ובקשות לחשבון סוחר. את ההגדרות מנהלים מנהלי מערכת. כל החלטה נרשמת ביומן ביקורת, עם שם המפעיל, השעה והסיבה.`,
      `דף זה מתאר את המוצר. המפעיל של התקנת ההדגמה הזו ממלא כאן את הפרטים המשפטיים שלו: שם החברה, הכתובת הרשומה, פרטי הרישום, רישיונות אם ישנם ודרכי יצירת קשר.`,
    ),
  },
  intro: {
    title: `על הפלטפורמה`,
    body: p(
      `אפליקציית Tessera מאחדת את ה-USDT וה-EUR שלך באפליקציה אחת. הנה מה שאפשר לעשות בה.`,
      `הפקדה: שולחים USDT לכתובת ההפקדה שלך ברשת TRC20 או ERC20, או מעבירים EUR ל-IBAN עם אסמכתת התשלום שלך. מוסיפים הוכחת תשלום, ומפעיל מזכה את הסכום.`,
      `משיכה: שולחים USDT לכתובת קריפטו, או EUR לחשבון הבנק שקישרת. העמלה והסכום שתקבל מוצגים לפני האישור בסיסמת התשלום.`,
      `המרה: במסך "העברה" ממירים EUR ל-USDT או USDT ל-EUR. השער, העמלה והסכום שתקבל קבועים לכמה שניות, בזמן שמחליטים.`,
      `מסחר באולם: עם חשבון סוחר קונים או מוכרים USDT תמורת EUR מול סוחרים אחרים. עסקאות נסגרות מיד, כי שני הצדדים כבר מחזיקים את הכסף שלהם ב-Tessera.`,
      `שערים וגרפים: עוקבים אחר מחירי המטבעות העיקריים במסך "בית", ופותחים מטבע כדי לראות גרף נרות ונתונים של 24 השעות האחרונות.`,
      `דרגות VIP: הפקדות מאושרות מעלות את הדרגה; כל דרגה מעניקה מתנה על הפקדות ויותר הזמנות ביום באולם המסחר.`,
      `חדשות והתראות: קוראים הודעות וחדשות של Tessera, ומפעילים ב"הגדרות" התראות על מסחר והודעות מערכת.`,
      `עשר שפות: אנגלית, סינית, גרמנית, ספרדית, איטלקית, פורטוגזית, תמאזיגת, ערבית, הולנדית ועברית. אפשר להחליף שפה בכל עת ב"הגדרות".`,
      `שעבוד והלוואות נמצאים בהכנה ויגיעו באחד העדכונים.`,
    ),
  },
  'tutorial-deposit': {
    title: `איך מפקידים`,
    body: p(
      `כמה צעדים פשוטים להוספת USDT או EUR ליתרה שלך ב-Tessera.`,
      `1. פותחים את "הפקדה": מהמסך "בית", או דרך "אישי" ← "הפקדה".`,
      `2. בוחרים אמצעי תשלום. ב-USDT בוחרים רשת, TRC20 או ERC20, והמסך מציג את כתובת ההפקדה שלך ואת קוד ה-QR שלה. ב"כרטיס בנק" המסך מציג את החשבון שאליו מעבירים EUR ‏(בעל החשבון, IBAN, ‏BIC) ואת אסמכתת התשלום שלך.`,
      `3. שולחים את הכסף. שולחים רק USDT, ורק ברשת שנבחרה: מטבעות שנשלחו ברשת אחרת אינם ניתנים לשחזור. בהעברה בנקאית יש לציין את אסמכתת התשלום, כך נדע שהכסף שלך.`,
      `4. חוזרים לאפליקציה, מזינים את הסכום שנשלח ובוחרים תמונה של הוכחת התשלום: צילום מסך או תמונה של התשלום (JPG,‏ PNG,‏ HEIC או WebP, עד 2 MB). לאחר מכן מקישים על "שליחת ההפקדה".`,
      `5. ממתינים למפעיל. המפעיל משווה את ההוכחה לתשלום שהתקבל ומזכה את ההפקדה: הפקדת USDT ב-USDT, העברה בנקאית ב-EUR.`,
      `6. עוקבים ב"היסטוריית הפקדות": הסטטוס הוא "בטיפול", אחר כך "זוכה", או "נכשל" עם הסיבה של המפעיל. הפקדה שזוכתה נספרת גם לדרגת ה-VIP שלך.`,
    ),
  },
  'tutorial-trade': {
    title: `איך סוחרים ב-USDT באולם המסחר`,
    body: p(
      `באולם המסחר סוחרים קונים ומוכרים USDT תמורת EUR זה מזה. כך מצטרפים.`,
      `1. מגדירים סיסמת תשלום ב"אישי" ← "הגדרות" ← "סיסמת תשלום". היא בת 6 ספרות, שונה מסיסמת הכניסה ומאשרת כל הזמנה.`,
      `2. פותחים את הלשונית "מסחר" ומקישים על "הגשת בקשה לחשבון סוחר". מפעיל בודק את הבקשה, ומרגע שהיא מאושרת אפשר לסחור. אם היא נדחית, הסיבה מוצגת ואפשר להגיש בקשה חדשה.`,
      `3. בוחרים "קניית USDT" או "מכירת USDT" ומזינים את הכמות ב-USDT ‏(לפחות 1 USDT).`,
      `4. מזינים מחיר גבול ב-EUR ל-USDT אחד: בקנייה, המחיר המרבי ליחידה שמוכנים לשלם; במכירה, המחיר המזערי. השדה מתחיל במחיר הטוב ביותר באולם. לעולם לא משלמים יותר, ולא מקבלים פחות, מהגבול שנקבע.`,
      `5. מאשרים בסיסמת התשלום. מה שההזמנה צריכה מוקפא מהיתרה שלך: ה-EUR בקנייה, ה-USDT במכירה.`,
      `6. מנגנון ההתאמה מחפש הצעה של סוחר אחר. לעיתים קרובות הוא מוצא אחת מיד; אחרת הוא ממשיך לחפש עד 60 דקות. אם לא נמצאה הצעה, ההזמנה מסתיימת וכל מה שהוקפא חוזר ליתרה שלך.`,
      `7. אחרי ההתאמה המחיר והסכום הכולל קבועים. יש לאשר את ההזמנה ב"הזמנות" תוך 15 דקות בסיסמת התשלום, וה-USDT וה-EUR עוברים ידיים מיד. הזמנה שלא אושרה בזמן מסתיימת ומשחררת את מה שהחזיקה.`,
      `8. אפשר לבטל הזמנה, אבל ביטול של יותר מ-3 הזמנות מותאמות ביום אחד משהה הזמנות חדשות עד חצות (UTC).`,
      `9. העמלה היא 0.2% ומשלם אותה מי שמבצע את ההזמנה, מתוך הסכום שהוא מקבל. באולם מוצגות העמלה הנוכחית וכמה הזמנות דרגת ה-VIP שלך עוד מאפשרת היום.`,
      `אפשר גם לפרסם הצעה משלך, עם מחיר ומגבלות לכל הזמנה, ב"ההצעות שלי": הזמנות של סוחרים אחרים יתבצעו מולה.`,
    ),
  },
  'tutorial-withdraw': {
    title: `איך מושכים`,
    body: p(
      `שולחים USDT לכתובת קריפטו, או EUR לחשבון הבנק שלך.`,
      `1. למשיכת EUR מקשרים קודם את חשבון הבנק ב"אישי" ← "קישור חשבונות": שם בעל החשבון, IBAN, ‏SWIFT/BIC, שם הבנק, מדינה וכתובת, באישור סיסמת התשלום. החשבון חייב להיות על שמך.`,
      `2. פותחים את "משיכה" מהמסך "בית" או מ"אישי" ובוחרים "לכתובת קריפטו" או "לכרטיס בנק".`,
      `3. למשיכת USDT בוחרים רשת ומזינים את הכתובת: כתובת TRC20 מתחילה ב-T ובת 34 תווים; כתובת ERC20 מתחילה ב-0x ובת 42 תווים.`,
      `4. מזינים את הסכום. המסך מציג את היתרה הזמינה, המינימום, העמלה ומה שתקבל; העמלה מנוכה מהסכום.`,
      `5. מקישים על "משיכה" ומאשרים בסיסמת התשלום.`,
      `6. הסכום מוקפא עד שמפעיל משלם אותו. אז הסטטוס ב"היסטוריית משיכות" משתנה ל"הושלם", עם אסמכתת ההעברה.`,
      `7. אם המפעיל אינו יכול לשלם, המשיכה מבוטלת עם סיבה שמופיעה ברשומות שלך, והסכום המלא חוזר ליתרה הזמינה.`,
    ),
  },
};

// ─── The pages ──────────────────────────────────────────────────────────────────────────────

const BY_LOCALE: Record<Locale, Texts> = { en, zh, de, es, it, pt, tzm, ar, nl, he };

/** One page in every language. */
function textsOf(key: Key): Record<Locale, ContentText> {
  return {
    en: BY_LOCALE.en[key],
    zh: BY_LOCALE.zh[key],
    de: BY_LOCALE.de[key],
    es: BY_LOCALE.es[key],
    it: BY_LOCALE.it[key],
    pt: BY_LOCALE.pt[key],
    tzm: BY_LOCALE.tzm[key],
    ar: BY_LOCALE.ar[key],
    nl: BY_LOCALE.nl[key],
    he: BY_LOCALE.he[key],
  };
}

export const CONTENT_ARTICLES: readonly ContentArticle[] = [
  { id: 19, categoryId: 1, key: 'about', texts: textsOf('about') },
  { id: 33, categoryId: 1, key: 'help', texts: textsOf('help') },
  { id: 21, categoryId: 1, key: 'company', texts: textsOf('company') },
  { id: 22, categoryId: 1, key: 'intro', texts: textsOf('intro') },
  { id: 41, categoryId: 2, key: 'tutorial-deposit', texts: textsOf('tutorial-deposit') },
  { id: 42, categoryId: 2, key: 'tutorial-trade', texts: textsOf('tutorial-trade') },
  { id: 43, categoryId: 2, key: 'tutorial-withdraw', texts: textsOf('tutorial-withdraw') },
];
