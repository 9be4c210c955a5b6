import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure, invalidateApi, useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { useSession } from '../../session';
import { Field, PickerButton, SubmitButton, TextInput } from '../../ui/form';
import { PickerSheet } from '../../ui/sheet';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { type CardAddress, useNationName, useNations } from './cards-parts';
import './cards.css';

const PHONE = /^\+?[0-9 ()-]{6,20}$/;

type FieldName = 'name' | 'phone' | 'country' | 'city' | 'line1' | 'postcode';

/** The address's fields, which were touched, and what is wrong with each. */
function useAddressFields(initial: CardAddress | null) {
  const { t } = useTranslation('cards');
  const [name, setName] = useState(initial?.name ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [country, setCountry] = useState(initial?.country ?? '');
  const [city, setCity] = useState(initial?.city ?? '');
  const [line1, setLine1] = useState(initial?.line1 ?? '');
  const [line2, setLine2] = useState(initial?.line2 ?? '');
  const [postcode, setPostcode] = useState(initial?.postcode ?? '');
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tried, setTried] = useState(false);
  const errors: Readonly<Record<FieldName, string | null>> = {
    name: name.trim() === '' ? t('cards.address.prompt.name') : null,
    phone:
      phone.trim() === ''
        ? t('cards.address.prompt.phone')
        : PHONE.test(phone.trim())
          ? null
          : t('cards.address.phoneInvalid'),
    country: country === '' ? t('prompts.country') : null,
    city: city.trim() === '' ? t('cards.address.prompt.city') : null,
    line1: line1.trim() === '' ? t('cards.address.prompt.line1') : null,
    postcode:
      postcode.trim() === ''
        ? t('cards.address.prompt.postcode')
        : postcode.trim().length < 2
          ? t('cards.address.postcodeInvalid')
          : null,
  };
  const shown = (f: FieldName) => (tried || touched.has(f) ? errors[f] : null);
  const touch = (f: FieldName) => () => setTouched((s) => new Set(s).add(f));
  const values = { name, phone, country, city, line1, line2, postcode };
  const setters = { setName, setPhone, setCountry, setCity, setLine1, setLine2, setPostcode };
  return { ...values, ...setters, errors, shown, touch, setTried };
}

/** The address form: who receives the card, their phone, and where; saved, it goes back where it came from. */
function AddressForm({ initial }: { readonly initial: CardAddress | null }): ReactNode {
  const { t } = useTranslation('cards');
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const nations = useNations();
  const nationName = useNationName();
  const f = useAddressFields(initial);
  const { name, phone, country, city, line1, line2, postcode, errors, shown, touch } = f;
  const [picking, setPicking] = useState(false);
  const refreshes = ['/api/visa/addressList', '/api/visa/addressDetail'] as const;
  const add = useApiMutation('/api/visa/addAddress', { refreshes });
  const edit = useApiMutation('/api/visa/editAddress', { refreshes });
  const busy = add.isPending || edit.isPending;

  const save = async () => {
    f.setTried(true);
    if (busy || Object.values(errors).some((e) => e !== null)) return;
    const body = {
      name: name.trim(),
      phone: phone.trim(),
      country,
      city: city.trim(),
      line1: line1.trim(),
      line2: line2.trim(),
      postcode: postcode.trim(),
    };
    try {
      if (initial) await edit.mutateAsync({ ...body, id: initial.id });
      else await add.mutateAsync(body);
    } catch {
      return; // toasted by the query client
    }
    await invalidateApi(client, ...refreshes);
    showToast(t('cards.address.saved'));
    // Back where the user came from (the list, a card application, a replacement), which reads the list again.
    if (location.key !== 'default') navigate(-1);
    else navigate(routePath('address'), { replace: true });
  };

  const text = (
    field: FieldName | 'line2',
    label: string,
    value: string,
    set: (v: string) => void,
    placeholder: string,
    max: number,
  ) => (
    <Field label={label} htmlFor={`${ids}-${field}`} error={field === 'line2' ? null : shown(field)}>
      <TextInput
        id={`${ids}-${field}`}
        value={value}
        onChange={set}
        {...(field === 'line2' ? {} : { onBlur: touch(field) })}
        placeholder={placeholder}
        maxLength={max}
      />
    </Field>
  );

  return (
    <div className="page page--tight">
      <section
        className="card cbox"
        aria-label={t(initial ? 'cards.address.editTitle' : 'cards.address.addTitle')}
      >
        {text('name', t('cards.address.name'), name, f.setName, t('cards.address.prompt.name'), 60)}
        {text('phone', t('cards.address.phone'), phone, f.setPhone, t('cards.address.prompt.phone'), 20)}
        <Field label={t('cards.address.country')} htmlFor={`${ids}-country`} error={shown('country')}>
          <PickerButton
            id={`${ids}-country`}
            label={t('cards.address.country')}
            value={country ? `${nationName(country)} (${country})` : null}
            placeholder={t('prompts.country')}
            onClick={() => setPicking(true)}
          />
        </Field>
        {text('city', t('cards.address.city'), city, f.setCity, t('cards.address.prompt.city'), 60)}
        {text('line1', t('cards.address.line1'), line1, f.setLine1, t('cards.address.prompt.line1'), 120)}
        {text('line2', t('cards.address.line2'), line2, f.setLine2, t('cards.address.prompt.line2'), 120)}
        {text(
          'postcode',
          t('cards.address.postcode'),
          postcode,
          f.setPostcode,
          t('cards.address.prompt.postcode'),
          12,
        )}
        <SubmitButton disabled={busy} onClick={() => void save()}>
          {t('cards.address.save')}
        </SubmitButton>
      </section>
      <PickerSheet
        visible={picking}
        title={t('prompts.country')}
        options={(nations.data?.list ?? []).map((n) => ({
          value: n.code,
          label: nationName(n.code),
          note: n.code,
        }))}
        value={country || null}
        onClose={() => setPicking(false)}
        onPick={(code) => {
          f.setCountry(code);
          touch('country')();
        }}
      />
    </div>
  );
}

function EditAddress({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('cards');
  const q = useApiQuery('/api/visa/addressDetail', { id }, { handles: ['AddressNotFound'] });
  if (!q.data) {
    if (q.error instanceof ApiFailure && q.error.is('AddressNotFound'))
      return <MissingState title={t('cards.address.notFound')} back="/address" />;
    return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  }
  return <AddressForm initial={q.data} />;
}

/** Edit card address (/address1; ?id= edits one): add or change a shipping address for physical cards. */
export default function AddressFormScreen(): ReactNode {
  const { t } = useTranslation('cards');
  const { token } = useSession();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw === null ? null : Number(raw);
  if (!token) return <SignInPrompt title={t('cards.signInTitle')} body={t('cards.signInBody')} />;
  if (id === null) return <AddressForm initial={null} />;
  if (!Number.isInteger(id) || id <= 0) return <MissingState noId back="/address" />;
  return <EditAddress key={id} id={id} />;
}
