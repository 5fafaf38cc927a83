-- Ending the old principal loans (docs/loans.md, "Ending the old principal loans"). A principal
-- loan under the old rule held its collateral in its own asset (collateral_asset = asset): the
-- payout itself. Every such loan is marked `old_rule`; no money moves here (ledger:verify is the
-- same before and after). A running old loan is ended at its repayment without interest: its
-- collateral goes back to the platform's loans account (server/modules/loans). From now on a
-- principal loan is held against the other asset: the CHECK refuses a new loan of the old kind.
ALTER TABLE loans ADD COLUMN old_rule boolean NOT NULL DEFAULT false;
UPDATE loans SET old_rule = true WHERE type = 'principal' AND collateral_asset = asset;
ALTER TABLE loans ADD CONSTRAINT loans_old_rule_is_same_asset CHECK (old_rule = (type = 'principal' AND collateral_asset IS NOT DISTINCT FROM asset));

-- An old application still pending is rejected: nothing had moved. The reason is in the
-- borrower's language, the text of `loan.termsChanged` in src/locales/*/errors.ts (a test holds
-- them equal).
UPDATE loans l
SET status = 'rejected',
    decided_at = now(),
    ended_at = now(),
    reason = CASE u.locale
      WHEN 'zh' THEN '本金贷款条款已更新：贷款现在以您自有余额中的另一种货币作抵押。此申请已关闭，未发生任何资金变动；请重新申请。'
      WHEN 'de' THEN 'Kapitalkredite haben neue Bedingungen: Ein Kredit wird jetzt durch die andere Währung aus Ihrem eigenen Guthaben gesichert. Dieser Antrag wurde geschlossen, es wurde nichts bewegt; bitte stellen Sie einen neuen Antrag.'
      WHEN 'es' THEN 'Los préstamos de principal tienen nuevas condiciones: ahora un préstamo se garantiza con la otra moneda de tu propio saldo. Esta solicitud se ha cerrado y no se ha movido nada; vuelve a solicitarlo.'
      WHEN 'it' THEN 'I prestiti sul capitale hanno nuove condizioni: ora la garanzia di un prestito è nell''altra valuta, presa dal tuo saldo. Questa richiesta è stata chiusa e non è stato spostato nulla; fai una nuova richiesta.'
      WHEN 'pt' THEN 'Os empréstimos de capital têm novas condições: a garantia de um empréstimo passa a ser a outra moeda do seu próprio saldo. Este pedido foi encerrado e nada foi movimentado; faça um novo pedido.'
      WHEN 'tzm' THEN 'Tiwtilin n uṛeṭṭal n usekkin beddlent: tura taṭṭanant n uṛeṭṭal d tadrimt-nniḍen seg umizan-ik. Asuter-a yettwamdel, ulac ayen yettwasmuttin; ales asuter.'
      WHEN 'ar' THEN 'تغيّرت شروط قروض الأصل: أصبح القرض الآن بضمان العملة الأخرى من رصيدك الخاص. أُغلق هذا الطلب ولم يُنقل أي مبلغ؛ يُرجى التقدّم بطلب جديد.'
      WHEN 'nl' THEN 'Hoofdsomleningen hebben nieuwe voorwaarden: een lening heeft nu onderpand in de andere munt uit uw eigen saldo. Deze aanvraag is gesloten en er is niets verplaatst; vraag opnieuw aan.'
      WHEN 'he' THEN 'תנאי הלוואות הקרן השתנו: הלוואה מובטחת כעת בבטוחה במטבע השני מהיתרה שלך. הבקשה הזו נסגרה ושום כסף לא הועבר; אפשר להגיש בקשה חדשה.'
      ELSE 'Principal loans have new terms: a loan is now secured by the other currency from your own balance. This application was closed and nothing was moved; please apply again.'
    END
FROM users u
WHERE u.id = l.user_id AND l.old_rule AND l.status = 'pending';

-- Principal loans in EUR against USDT (docs/loans.md's example: 30 days at 0.03 % a day), beside
-- the USDT ones, which are now lent against EUR. Amounts in cents: 10.00 to 100,000.00 EUR.
INSERT INTO loan_products (type, asset, days, daily_ppm, min_amount, max_amount) VALUES
  ('principal', 'EUR', 30, 300, 1000, 10000000),
  ('principal', 'EUR', 90, 250, 1000, 10000000);
