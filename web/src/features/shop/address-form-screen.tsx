import { Button, Switch } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { routePath } from '../../paths';
import { Field, TextInput } from '../../ui/form';
import { ErrorState, MissingState, ScreenSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { isPhone, parseId } from './shop-math';
import { BottomBar, type ShopAddress, SignedIn } from './shop-parts';
import './shop.css';

type FieldName = 'name' | 'phone' | 'region' | 'detail';

/** The address form: who receives, their phone, region and street; saved, it goes back where it came from. */
function AddressForm({ initial }: { readonly initial: ShopAddress | null }): ReactNode {
  const { t } = useTranslation('shop');
  const ids = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState(initial?.name ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [region, setRegion] = useState(initial?.region ?? '');
  const [detail, setDetail] = useState(initial?.detail ?? '');
  const [isDefault, setIsDefault] = useState(initial?.is_default ?? false);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tried, setTried] = useState(false);
  const save = useApiMutation('/api/shop/editAddress', { refreshes: ['/api/shop/addressList'] });

  const errors: Readonly<Record<FieldName, string | null>> = {
    name: name.trim() === '' ? t('shop.address.prompt.name') : null,
    phone:
      phone.trim() === ''
        ? t('shop.address.prompt.phone')
        : isPhone(phone)
          ? null
          : t('shop.address.phoneInvalid'),
    region: region.trim() === '' ? t('shop.address.prompt.region') : null,
    detail: detail.trim() === '' ? t('shop.address.prompt.detail') : null,
  };
  const shown = (f: FieldName) => (tried || touched.has(f) ? errors[f] : null);
  const touch = (f: FieldName) => () => setTouched((s) => new Set(s).add(f));

  const submit = async () => {
    setTried(true);
    if (save.isPending || Object.values(errors).some((e) => e !== null)) return;
    try {
      await save.mutateAsync({
        ...(initial ? { id: initial.id } : {}),
        name: name.trim(),
        phone: phone.trim(),
        region: region.trim(),
        detail: detail.trim(),
        is_default: isDefault,
      });
    } catch {
      return; // toasted by the query client
    }
    showToast(t('shop.address.saved'));
    // Back where the user came from (the list, a purchase), which reads the list again.
    if (location.key !== 'default') navigate(-1);
    else navigate(routePath('address2'), { replace: true });
  };

  const text = (field: FieldName, value: string, set: (v: string) => void, max: number) => (
    <Field label={t(`shop.address.${field}`)} htmlFor={`${ids}-${field}`} error={shown(field)}>
      <TextInput
        id={`${ids}-${field}`}
        value={value}
        onChange={set}
        onBlur={touch(field)}
        placeholder={t(`shop.address.prompt.${field}`)}
        maxLength={max}
      />
    </Field>
  );

  return (
    <>
      <div className="page page--tight shop">
        <section
          className="card sbox"
          aria-label={t(initial ? 'shop.address.editTitle' : 'shop.address.addTitle')}
        >
          {text('name', name, setName, 60)}
          {text('phone', phone, setPhone, 20)}
          {text('region', region, setRegion, 120)}
          {text('detail', detail, setDetail, 200)}
          <div className="sswitch-row">
            <span className="fill col">
              <span className="sswitch-row__label">{t('shop.address.makeDefault')}</span>
              <span className="sswitch-row__note">{t('shop.address.makeDefaultNote')}</span>
            </span>
            <Switch checked={isDefault} onChange={setIsDefault} aria-label={t('shop.address.makeDefault')} />
          </div>
        </section>
      </div>
      <BottomBar>
        <Button
          block
          color="primary"
          size="large"
          className="sbar__btn"
          disabled={save.isPending}
          loading={save.isPending}
          onClick={() => void submit()}
          data-testid="address-save"
        >
          {t('shop.address.save')}
        </Button>
      </BottomBar>
    </>
  );
}

function EditAddress({ id }: { readonly id: number }): ReactNode {
  const { t } = useTranslation('shop');
  // There is no call for one address: it is found in my list (a person keeps a few).
  const q = useApiQuery('/api/shop/addressList', { page: 1, size: 100 });
  if (!q.data) return q.isError ? <ErrorState onRetry={() => void q.refetch()} /> : <ScreenSkeleton />;
  const found = q.data.list.find((a) => a.id === id);
  if (!found) return <MissingState title={t('shop.address.notFound')} back="/address2" />;
  return <AddressForm initial={found} />;
}

/** Edit shop address (/address3; ?id= edits one): add or change a delivery address of my orders. */
export default function AddressFormScreen(): ReactNode {
  useTranslation('shop');
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parseId(raw);
  return (
    <SignedIn>
      {() =>
        raw === null ? (
          <AddressForm initial={null} />
        ) : id === null ? (
          <MissingState noId back="/address2" />
        ) : (
          <EditAddress key={id} id={id} />
        )
      }
    </SignedIn>
  );
}
