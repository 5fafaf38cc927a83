/**
 * Linking an e-mail address or a phone number to the account, or changing the one it has
 * (/setting/security/contact?which=email|phone, opened from the profile's rows): the new address,
 * a code of purpose `bind` sent to it, then POST /safe/email or /safe/mobile. Changing one asks
 * for the second factor too when the account has one (or when the server asks for it). After a
 * change the server tells the previous address and the new one; the profile shows the new one at once.
 */
import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { bindEmailSchema, bindMobileSchema } from '../../domain/validation';
import type { UserInfo } from '../../domain/wire';
import { saveUserInfo, userInfoAtom } from '../../storage/session';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/feedback/toast';
import { areaCountryAtom } from '../../ui/form/area-code/areaCountry';
import { toE164 } from '../../ui/form/area-code/e164';
import { setServerError, submitOnce, useZodForm } from '../../ui/form/form';
import { Loading } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { useGoBack } from '../../ui/useGoBack';
import type { SecondFactorProof } from '../../domain/validation';
import { ContactCodeFields } from '../shared/contact/CodeField';
import { SecondFactorField, useSecondFactor } from '../shared/secondFactor/SecondFactorField';
import type { ContactMethod } from '../shared/contact/sendCode';
import { useAccountMutation } from '../shared/useAccountMutation';
import { bindEmail, bindMobile } from './api/contact';

const FIELDS = ['email', 'phone', 'code'] as const;

interface ContactValues {
  /** The national number as typed; the area code comes from the picker. */
  phone: string;
  email: string;
  code: string;
}

/** A first link asks for no second factor (unless the server does). */
const NO_WAYS = [] as const;

type Bind = ({ email: string; code: string } | { phone: string; code: string }) & { secondFactor?: SecondFactorProof };

export default function ContactScreen() {
  const { which } = useSearch({ from: '/members/setting/security/contact' });
  const user = useAtomValue(userInfoAtom);
  const method: ContactMethod = which ?? 'email';
  return <Screen>{user ? <ContactForm key={method} method={method} user={user} /> : <Loading />}</Screen>;
}

function ContactForm({ method, user }: { method: ContactMethod; user: UserInfo }) {
  const { t } = useLingui();
  const goBack = useGoBack('/mine/profile');
  const country = useAtomValue(areaCountryAtom);
  const current = method === 'email' ? user.email : user.phone;
  // A change (not a first link) asks for the second factor.
  const secondFactor = useSecondFactor(current !== null ? undefined : NO_WAYS);
  const form = useZodForm<typeof bindEmailSchema | typeof bindMobileSchema, ContactValues>(method === 'email' ? bindEmailSchema : bindMobileSchema, {
    defaultValues: { phone: '', email: '', code: '' },
    input: ({ phone, email, code }) => (method === 'email' ? { email: email.trim(), code } : { phone: toE164(phone, country), code }),
  });

  const texts = {
    email: current
      ? { intro: t`Enter the new e-mail address and the code we send to it. Your current address is told of the change.`, submit: t`Change e-mail address`, done: t`E-mail address changed` }
      : { intro: t`Link an e-mail address to log in with it and to receive codes and notices there.`, submit: t`Link e-mail address`, done: t`E-mail address linked` },
    phone: current
      ? { intro: t`Enter the new phone number and the code we send to it. Your current number is told of the change.`, submit: t`Change phone number`, done: t`Phone number changed` }
      : { intro: t`Link a phone number to log in with it and to receive codes there.`, submit: t`Link phone number`, done: t`Phone number linked` },
  }[method];

  const save = useAccountMutation({
    call: (data: Bind) => ('email' in data ? bindEmail(data) : bindMobile(data)),
    async onSuccess(_reply, data) {
      await saveUserInfo('email' in data ? { ...user, email: data.email } : { ...user, phone: data.phone });
      toast.success(texts.done);
      goBack();
    },
    onError(error) {
      if (!secondFactor.refused(error)) setServerError(form, error, FIELDS);
    },
  });
  const submit = submitOnce(form, (data) => {
    const proof = secondFactor.take();
    if (proof === false) return;
    save.run(proof ? { ...data, secondFactor: proof } : data);
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5 px-4 pt-4">
      {current ? (
        <div className="rounded-2xl bg-surface px-4 py-3">
          <p className="text-sm text-muted">{method === 'email' ? t`Current e-mail address` : t`Current phone number`}</p>
          <p className="font-semibold break-all text-ink">
            <bdi dir="ltr" className={method === 'phone' ? 'tabular-nums' : undefined}>
              {current}
            </bdi>
          </p>
        </div>
      ) : null}
      <p className="text-sm leading-relaxed text-muted">{texts.intro}</p>
      <ContactCodeFields
        form={form}
        purpose="bind"
        method={method}
        label={current ? (method === 'email' ? t`New e-mail address` : t`New phone number`) : undefined}
      />
      {secondFactor.asked ? <SecondFactorField {...secondFactor.field} disabled={save.pending} /> : null}
      <Button type="submit" busy={save.pending}>
        {texts.submit}
      </Button>
    </form>
  );
}
