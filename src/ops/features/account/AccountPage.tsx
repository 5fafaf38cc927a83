/**
 * The operator's own account: their open sessions (this one marked; end any other, or all),
 * a new password with the current one, and a new authenticator secret with a current code,
 * confirmed with a code of the new one before it replaces the old.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { opsPasswordChangeSchema, opsTotpSchema } from '../../../domain/operators';
import { QrCode } from '../../../ui/QrCode';
import { opsPost } from '../../api/client';
import { sessionQuery, sessionsQuery, signOut } from '../../api/session';
import { submitTo, textField, useOpsForm } from '../../ui/form';
import { Badge, Button, Card, Loaded, Notice, Page, TextInput } from '../../ui/kit';
import { dateTime } from '../../ui/format';

export function AccountPage() {
  const { t } = useLingui();
  const session = useQuery(sessionQuery).data;
  return (
    <Page
      title={t`My account`}
      subtitle={session ? t`Signed in as ${session.operator.username}. This session ends at ${dateTime(session.expiresAt)}, or after ${session.idleMinutes} minutes without use.` : undefined}
    >
      <div className="grid items-start gap-5 xl:grid-cols-2">
        <Sessions />
        <div className="flex flex-col gap-5">
          <PasswordChange />
          <TotpRotation />
        </div>
      </div>
    </Page>
  );
}

function Sessions() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const end = useMutation({
    mutationFn: (id: number) => opsPost('/sessions/end', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
  const [leaving, setLeaving] = useState(false);
  return (
    <Card
      title={t`Open sessions`}
      actions={
        <Button
          tone="danger"
          busy={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut(true).finally(() => navigate({ to: '/login', search: {} }));
          }}
        >
          {t`Log out everywhere`}
        </Button>
      }
    >
      <Loaded query={sessions}>
        {(list) => (
          <ul className="flex flex-col divide-y divide-slate-100">
            {list.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {entry.client === 'console' ? t`Browser console` : t`Command line`}
                    {entry.current ? (
                      <span className="ms-2">
                        <Badge tone="good">{t`This session`}</Badge>
                      </span>
                    ) : null}
                  </p>
                  <p className="truncate text-slate-600">{[entry.ip, entry.userAgent].filter(Boolean).join(' · ') || '—'}</p>
                  <p className="text-xs text-slate-600">{t`Signed in ${dateTime(entry.createdAt)} · last used ${dateTime(entry.lastSeenAt)} · ends ${dateTime(entry.expiresAt)}`}</p>
                </div>
                {entry.current ? null : (
                  <Button busy={end.isPending && end.variables === entry.id} onClick={() => end.mutate(entry.id)}>
                    {t`End`}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {end.isError ? <Notice>{end.error.message}</Notice> : null}
    </Card>
  );
}

function PasswordChange() {
  const { t } = useLingui();
  const [done, setDone] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const form = useOpsForm(opsPasswordChangeSchema, { defaultValues: { currentPassword: '', newPassword: '' } });
  const submit = submitTo(form, (input) => opsPost<{ ended: number }>('/password', input), ['currentPassword', 'newPassword'], ({ ended }) => {
    setDone(ended);
    form.reset();
    void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  });
  return (
    <Card title={t`Change password`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextInput label={t`Current password`} type="password" autoComplete="current-password" {...textField(form, 'currentPassword')} />
        <TextInput label={t`New password`} type="password" autoComplete="new-password" hint={t`At least 12 characters.`} {...textField(form, 'newPassword')} />
        {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
        {done !== null ? <Notice tone="success">{t`Password changed. Other sessions ended: ${done}.`}</Notice> : null}
        <Button type="submit" tone="primary" busy={form.formState.isSubmitting}>
          {t`Change password`}
        </Button>
      </form>
    </Card>
  );
}

function TotpRotation() {
  const { t } = useLingui();
  const [secret, setSecret] = useState<{ totpSecret: string; otpauthUrl: string } | null>(null);
  const [rotated, setRotated] = useState(false);
  const start = useOpsForm(opsTotpSchema, { defaultValues: { totp: '' } });
  const confirm = useOpsForm(opsTotpSchema, { defaultValues: { totp: '' } });
  const begin = submitTo(start, (input) => opsPost<{ totpSecret: string; otpauthUrl: string }>('/totp/rotate', input), ['totp'], (reply) => {
    setSecret(reply);
    setRotated(false);
    start.reset();
  });
  const finish = submitTo(confirm, (input) => opsPost('/totp/confirm', input), ['totp'], () => {
    setSecret(null);
    setRotated(true);
    confirm.reset();
  });
  return (
    <Card title={t`Authenticator app`}>
      {secret ? (
        <form onSubmit={finish} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t`Scan this code with your authenticator app, or type the secret. It is shown this once; your old code keeps working until you confirm.`}</p>
          <div className="flex flex-wrap items-center gap-4">
            <QrCode value={secret.otpauthUrl} label={t`QR code of the new authenticator secret`} size={168} />
            <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider break-all">{secret.totpSecret.match(/.{1,4}/g)?.join(' ')}</code>
          </div>
          <TextInput label={t`A code from the new entry`} inputMode="numeric" autoComplete="one-time-code" {...textField(confirm, 'totp')} />
          <Button type="submit" tone="primary" busy={confirm.formState.isSubmitting}>
            {t`Use the new secret`}
          </Button>
        </form>
      ) : (
        <form onSubmit={begin} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t`A new secret for your authenticator app (a new phone, or a secret that may have been seen).`}</p>
          {rotated ? <Notice tone="success">{t`The new secret is in use. Remove the old entry from your authenticator app.`}</Notice> : null}
          <TextInput label={t`Current authenticator code`} inputMode="numeric" autoComplete="one-time-code" {...textField(start, 'totp')} />
          <Button type="submit" busy={start.formState.isSubmitting}>
            {t`Make a new secret`}
          </Button>
        </form>
      )}
    </Card>
  );
}
