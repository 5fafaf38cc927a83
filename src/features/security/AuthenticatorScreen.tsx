/**
 * The authenticator app (/setting/security/authenticator; docs/security.md, "The second factor").
 *
 * Off: what it does, then the setup — the login password (POST /safe/totp/begin), the QR code with
 * the key as text in groups of four (shown once; copyable, and a link that opens an authenticator
 * on this phone), the first code (POST /safe/totp/confirm), which turns it on, then the recovery
 * codes, shown once: copy, download as text, and "I have saved them" before leaving (leaving
 * before asks first). On: how many recovery codes are left, new ones (shown once the same way) and
 * turning it off, each with a current code or a recovery code. Turning it on or off is a
 * security change: the screen says so before (other devices signed out, withdrawals paused).
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { getDefaultStore, useAtomValue } from 'jotai';
import { useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { saveFile } from '../../ui/saveFile';
import { useSecurityOverview } from '../../api/queries';
import type { SecondFactorMethod } from '../../domain/security';
import { totpBeginSchema, totpConfirmSchema } from '../../domain/validation';
import type { TotpSecret } from '../../domain/wire';
import { saveUserInfo, userInfoAtom } from '../../storage/session';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { QueryFallback } from '../../ui/EmptyState';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { PasswordField } from '../../ui/form/PasswordField';
import { PinInput } from '../../ui/form/PinInput';
import { ShieldIcon } from '../../ui/moreIcons';
import { QrCode } from '../../ui/QrCode';
import { ModalSheet } from '../../ui/ModalSheet';
import { Screen } from '../../ui/Screen';
import { SecondFactorField, useSecondFactor } from '../shared/secondFactor/SecondFactorField';
import { useAccountMutation } from '../shared/useAccountMutation';
import { beginTotp, confirmTotp, renewRecoveryCodes, turnOffTotp } from './api/authenticator';

type Flow = { step: 'status' } | { step: 'password' } | { step: 'scan'; secret: TotpSecret } | { step: 'codes'; codes: string[]; renewed: boolean };

/** The profile learns at once whether sign-ins and payments now ask for the app's code (a passkey stays a way if there is one). */
async function rememberTheApp(on: boolean): Promise<void> {
  const user = getDefaultStore().get(userInfoAtom);
  if (!user) return;
  const others = (user.secondFactorMethods ?? []).filter((method) => method === 'passkey');
  const methods: SecondFactorMethod[] = on ? ['totp', 'recovery', ...others] : others;
  await saveUserInfo({ ...user, hasSecondFactor: methods.length > 0, secondFactorMethods: methods });
}

export default function AuthenticatorScreen() {
  const [flow, setFlow] = useState<Flow>({ step: 'status' });
  const toStatus = () => setFlow({ step: 'status' });
  return (
    <Screen>
      <div className="space-y-5 px-4 pt-2 pb-8">
        {flow.step === 'status' ? (
          <Status onSetUp={() => setFlow({ step: 'password' })} onRenewed={(codes) => setFlow({ step: 'codes', codes, renewed: true })} />
        ) : flow.step === 'password' ? (
          <PasswordStep onBegun={(secret) => setFlow({ step: 'scan', secret })} onCancel={toStatus} />
        ) : flow.step === 'scan' ? (
          <ScanStep secret={flow.secret} onConfirmed={(codes) => setFlow({ step: 'codes', codes, renewed: false })} onRestart={() => setFlow({ step: 'password' })} onCancel={toStatus} />
        ) : (
          <RecoveryCodes codes={flow.codes} renewed={flow.renewed} onDone={toStatus} />
        )}
      </div>
    </Screen>
  );
}

function Status({ onSetUp, onRenewed }: { onSetUp(): void; onRenewed(codes: string[]): void }) {
  const { t } = useLingui();
  const overview = useSecurityOverview();
  const [sheet, setSheet] = useState<{ opened: boolean; mode: CodeSheetMode }>({ opened: false, mode: 'off' });
  const factor = overview.data?.secondFactor;
  if (!factor) return <QueryFallback query={overview} icon={<ShieldIcon size={36} />} failedTitle={t`Your security settings could not be loaded`} />;

  if (!factor.totp) {
    return (
      <>
        <Intro />
        <Button onClick={onSetUp}>{t`Set up the authenticator app`}</Button>
      </>
    );
  }

  const left = factor.recoveryCodesLeft;
  return (
    <>
      <ShieldCard
        after={
          left <= 3 ? (
            <p role="note" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t`Get new recovery codes before they run out: without your phone, they are the only way into your account.`}
            </p>
          ) : null
        }
      >
        <div className="space-y-1">
          <p className="text-base font-semibold text-ink">{t`The authenticator app is on`}</p>
          <p>{t`Signing in, withdrawals, binding a bank account and changing your password ask for a code from it.`}</p>
          <p className={left <= 3 ? 'font-semibold text-amber-800' : 'text-ink'}>
            {t({ message: plural(left, { one: '# recovery code left', other: '# recovery codes left' }) })}
          </p>
        </div>
      </ShieldCard>
      <div className="space-y-3">
        <Button kind="secondary" onClick={() => setSheet({ opened: true, mode: 'renew' })}>
          {t`New recovery codes`}
        </Button>
        <Button kind="secondary" danger onClick={() => setSheet({ opened: true, mode: 'off' })}>
          {t`Turn off`}
        </Button>
      </div>
      <CodeSheet
        opened={sheet.opened}
        mode={sheet.mode}
        onClose={() => setSheet((current) => ({ ...current, opened: false }))}
        onRenewed={onRenewed}
      />
    </>
  );
}

/** What the app does, and what turning it on changes. */
/** A card with the shield beside its text (and `after` it, across the card's width). */
function ShieldCard({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <section className="rounded-3xl bg-surface p-4 text-sm leading-relaxed text-muted">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700">
          <ShieldIcon size={22} />
        </span>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      {after}
    </section>
  );
}

function Intro() {
  return (
    <ShieldCard>
      <div className="space-y-3">
        <p className="text-ink">
          <Trans>
            An authenticator app on your phone makes a new 6-digit code every 30 seconds. Once it is on, signing in and withdrawing ask for
            that code as well as your password, so someone who learns your password still cannot get in or take money out.
          </Trans>
        </p>
        <p>
          <Trans>Turning it on signs out your other devices and pauses withdrawals for 24 hours.</Trans>
        </p>
      </div>
    </ShieldCard>
  );
}

/** Setup, step 1: the login password, so that a session left open is not enough to put someone else's phone on the account. */
function PasswordStep({ onBegun, onCancel }: { onBegun(secret: TotpSecret): void; onCancel(): void }) {
  const { t } = useLingui();
  const form = useZodForm(totpBeginSchema, { defaultValues: { password: '' } });
  const begin = useAccountMutation({
    call: beginTotp,
    onSuccess: (secret) => onBegun(secret),
    onError: (error) => setServerError(form, error, ['password']),
  });
  const submit = submitOnce(form, (data) => begin.run(data));
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepTitle step={1} title={t`Confirm it is you`} />
      <p className="text-sm leading-relaxed text-muted">{t`Enter your login password to set up the authenticator app.`}</p>
      <PasswordField label={t`Login password`} {...textField(form, 'password')} autoComplete="current-password" autoFocus />
      <Button type="submit" busy={begin.pending}>
        {t`Continue`}
      </Button>
      <Button kind="secondary" onClick={onCancel} disabled={begin.pending}>
        {t`Cancel`}
      </Button>
    </form>
  );
}

/** "Step 2 of 3 · Scan the QR code" */
function StepTitle({ step, title }: { step: number; title: string }) {
  const { t } = useLingui();
  return (
    <div>
      <p className="text-xs font-semibold tracking-wide text-sea-700 uppercase">{t`Step ${step} of 3`}</p>
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
    </div>
  );
}

/** The key as people type it: groups of four. */
function groupedKey(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Setup, steps 2 and 3: the secret shown once (QR code and text), then its first code turns it on. */
function ScanStep({ secret, onConfirmed, onRestart, onCancel }: { secret: TotpSecret; onConfirmed(codes: string[]): void; onRestart(): void; onCancel(): void }) {
  const { t } = useLingui();
  const form = useZodForm(totpConfirmSchema, { defaultValues: { code: '' } });
  const codeRef = useRef<HTMLInputElement>(null);
  const turnOn = useAccountMutation({
    call: confirmTotp,
    async onSuccess({ recoveryCodes }) {
      await rememberTheApp(true);
      onConfirmed(recoveryCodes);
    },
    onError(error) {
      if (!isApiError(error)) return;
      // The setup ended meanwhile (turned on elsewhere, or begun again): a new secret is needed.
      if (error.key === 'totp.setupMissing') return onRestart();
      form.setValue('code', '');
      form.setError('code', { type: 'server', message: error.message });
      codeRef.current?.focus({ preventScroll: true });
    },
  });
  const submit = submitOnce(form, (data) => turnOn.run(data));
  const code = form.watch('code');

  return (
    <div className="space-y-5">
      <StepTitle step={2} title={t`Add Tessera to your authenticator app`} />
      <p className="text-sm leading-relaxed text-muted">
        {t`Open an authenticator app on your phone — Google Authenticator, Microsoft Authenticator, 1Password or another — add an account and scan this QR code.`}
      </p>
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-surface p-4">
        <QrCode value={secret.otpauthUrl} label={t`QR code for your authenticator app`} size={200} />
        <a href={secret.otpauthUrl} className="flex min-h-11 items-center px-3 text-center text-sm font-semibold text-sea-700">
          {t`Open in an authenticator app on this phone`}
        </a>
      </div>
      <div className="rounded-3xl bg-surface p-4">
        <p className="text-sm text-muted">{t`Or type this key into the app (time-based, 6 digits):`}</p>
        <div className="mt-1 flex items-center gap-2">
          {/* Left to right in every language, its second line too. */}
          <p dir="ltr" className="min-w-0 flex-1 text-left font-mono text-base font-semibold tracking-wider break-words text-ink" data-address>
            <bdi dir="ltr">{groupedKey(secret.secret)}</bdi>
          </p>
          <CopyButton text={secret.secret} label={t`Copy the key`} />
        </div>
        <p className="mt-2 text-xs leading-relaxed text-muted">{t`Keep this key to yourself: anyone who has it can make your codes. It is shown only now.`}</p>
      </div>

      <form onSubmit={submit} noValidate className="space-y-5">
        <StepTitle step={3} title={t`Enter the code the app shows`} />
        <PinInput
          label={t`6-digit code from the app`}
          value={code}
          masked={false}
          onChange={(value) => {
            form.setValue('code', value);
            form.clearErrors('code');
          }}
          onComplete={() => void submit()}
          error={form.formState.errors.code?.message}
          disabled={turnOn.pending}
          inputRef={codeRef}
        />
        <p className="text-xs leading-relaxed text-muted">
          <Trans>Turning it on signs out your other devices and pauses withdrawals for 24 hours.</Trans>
        </p>
        <Button type="submit" busy={turnOn.pending}>
          {t`Turn on`}
        </Button>
        <Button kind="secondary" onClick={onCancel} disabled={turnOn.pending}>
          {t`Cancel`}
        </Button>
      </form>
    </div>
  );
}

/** The recovery codes as a text file: what they are for, the account, the date, one code a line. */
function useRecoveryFile(codes: string[]): () => void {
  const { t } = useLingui();
  const user = useAtomValue(userInfoAtom);
  return () => {
    const today = new Date().toISOString().slice(0, 10);
    const text = [
      t`Tessera recovery codes`,
      user ? t`Account: ${user.username}` : '',
      t`Made on ${today}`,
      '',
      ...codes,
      '',
      t`Each code works once, in place of a code from your authenticator app. Keep them somewhere safe, away from your phone.`,
      '',
    ].join('\r\n');
    saveFile(`tessera-recovery-codes-${today}.txt`, text, 'text/plain;charset=utf-8');
  };
}

/** The recovery codes, shown once: copy, download, and "I have saved them" before leaving. */
function RecoveryCodes({ codes, renewed, onDone }: { codes: string[]; renewed: boolean; onDone(): void }) {
  const { t } = useLingui();
  const [saved, setSaved] = useState(false);
  const download = useRecoveryFile(codes);

  // Leaving before they are saved asks first: they are not shown again.
  useBlocker({
    shouldBlockFn: async () =>
      !(await confirm({
        title: t`Leave without your recovery codes?`,
        content: t`They are not shown again. Without them, a lost phone can lock you out of your account.`,
        confirmText: t`Leave`,
        cancelText: t`Stay`,
      })),
    enableBeforeUnload: () => !saved,
    disabled: saved,
  });

  function done() {
    toast.success(renewed ? t`New recovery codes saved. The old ones no longer work.` : t`The authenticator app is on.`, 4000);
    onDone();
  }

  return (
    <div className="space-y-5">
      {renewed ? <h2 className="text-lg font-semibold text-ink">{t`Your new recovery codes`}</h2> : <StepTitle step={3} title={t`Save your recovery codes`} />}
      <p className="text-sm leading-relaxed text-ink">
        {t`If you lose your phone, each of these codes signs you in once, or confirms a withdrawal, in place of a code from the app. Save them now, somewhere other than your phone: they are not shown again.`}
      </p>
      <ol className="grid grid-cols-2 gap-2 rounded-3xl bg-surface p-4" aria-label={t`Recovery codes`} data-address>
        {codes.map((code) => (
          <li key={code} className="rounded-xl bg-canvas px-2 py-2 text-center font-mono text-base font-semibold tracking-wider text-ink">
            <bdi dir="ltr">{code}</bdi>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label={t`Copy the recovery codes`} withText />
        <Button kind="secondary" inline onClick={download} className="min-h-11 text-sm">
          {t`Download as text`}
        </Button>
      </div>
      <label className="flex min-h-11 items-start gap-3 text-sm text-ink">
        <input type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="mt-0.5 size-5 shrink-0 accent-sea-700" />
        <span>{t`I have saved these codes somewhere safe`}</span>
      </label>
      <Button onClick={done} disabled={!saved}>
        {t`Done`}
      </Button>
    </div>
  );
}

type CodeSheetMode = 'off' | 'renew';
/** Turning the app off, or its new recovery codes: with one of its codes or a recovery code. */
const THE_APP = ['totp', 'recovery'] as const;

/** Turning the app off, or new recovery codes: a current code (or a recovery code) first. */
function CodeSheet({ opened, mode, onClose, onRenewed }: { opened: boolean; mode: CodeSheetMode; onClose(): void; onRenewed(codes: string[]): void }) {
  const { t } = useLingui();
  const code = useSecondFactor(THE_APP);
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (!opened) code.reset();
  }
  const turnOff = useAccountMutation({
    call: turnOffTotp,
    async onSuccess() {
      await rememberTheApp(false);
      toast.success(t`Authenticator app turned off. Withdrawals are paused for 24 hours.`, 4000);
      onClose();
    },
    onError: (error) => code.refused(error),
  });
  const renew = useAccountMutation({
    call: renewRecoveryCodes,
    onSuccess({ recoveryCodes }) {
      onClose();
      onRenewed(recoveryCodes);
    },
    onError: (error) => code.refused(error),
  });
  const busy = turnOff.pending || renew.pending;
  const texts =
    mode === 'off'
      ? {
          title: t`Turn off the authenticator app?`,
          text: t`Signing in will ask only for your password again, and your recovery codes stop working. This is a security change: your other devices are signed out and withdrawals pause for 24 hours.`,
          action: t`Turn off`,
        }
      : {
          title: t`New recovery codes`,
          text: t`You get ten new codes, shown once. The ones you have now stop working.`,
          action: t`Get new codes`,
        };

  function submit(event?: { preventDefault(): void }) {
    event?.preventDefault();
    const proof = code.take();
    if (!proof) return;
    (mode === 'off' ? turnOff : renew).run({ secondFactor: proof });
  }

  return (
    <ModalSheet opened={opened} title={texts.title} busy={busy} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm leading-relaxed text-muted">{texts.text}</p>
        {opened ? <SecondFactorField {...code.field} disabled={busy} autoFocus /> : null}
        <Button type="submit" busy={busy} kind={mode === 'off' ? 'secondary' : 'primary'} danger={mode === 'off'}>
          {texts.action}
        </Button>
      </form>
    </ModalSheet>
  );
}
