import { formatDateMinute, maskAddress } from '@nexa/contract';
import { Dialog } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session';
import { Field, Segments, SubmitButton, TextInput } from '../../ui/form';
import { SignInPrompt } from '../../ui/sign-in-prompt';
import { EmptyState, ErrorState, ListSkeleton } from '../../ui/states';
import { showToast } from '../../ui/toast';
import { addressFormProblems } from './address-book';
import { addressInvalidKey } from './rules';
import './wallet-screens.css';

const NOTHING = {};
const REFRESHES = ['/api/wallet/addresses', '/api/notice/list', '/api/notice/unread'] as const;

/** Adding an address: network, label, address; a new one is usable after the server's waiting time. */
function AddForm({ networks }: { readonly networks: readonly { chain: string; network: string }[] }) {
  const { t } = useTranslation('wallet');
  const add = useApiMutation('/api/wallet/addAddress', { refreshes: REFRESHES });
  const [chain, setChain] = useState(networks[0]?.chain ?? 'evm');
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [tried, setTried] = useState(false);
  const ids = { label: useId(), address: useId() };
  const problems = addressFormProblems({ chain, label, address });
  const save = () => {
    setTried(true);
    if (problems.label || problems.address) return;
    add.mutate(
      { chain, label: label.trim(), address: address.trim() },
      {
        onSuccess: (a) => {
          showToast(t('addressBook.saved', { time: formatDateMinute(a.usable_at) }));
          setLabel('');
          setAddress('');
          setTried(false);
        },
      },
    );
  };
  return (
    <section className="wform__card" aria-label={t('addressBook.add')}>
      <Field label={t('addressBook.network')}>
        <Segments
          label={t('addressBook.network')}
          value={chain}
          onChange={setChain}
          options={networks.map((n) => ({ value: n.chain, label: n.network }))}
        />
      </Field>
      <Field
        label={t('addressBook.label')}
        htmlFor={ids.label}
        error={tried && problems.label ? t('addressBook.labelRequired') : null}
      >
        <TextInput
          id={ids.label}
          value={label}
          onChange={setLabel}
          placeholder={t('addressBook.labelPrompt')}
          maxLength={40}
        />
      </Field>
      <Field
        label={t('addressBook.address')}
        htmlFor={ids.address}
        error={tried && problems.address ? t(addressInvalidKey(chain)) : null}
      >
        <TextInput
          id={ids.address}
          value={address}
          onChange={(v) => setAddress(v.trim())}
          placeholder={t('addressBook.addressPrompt')}
          maxLength={120}
          mono
        />
      </Field>
      <SubmitButton disabled={add.isPending} onClick={save}>
        {t('addressBook.save')}
      </SubmitButton>
    </section>
  );
}

function AddressBook(): ReactNode {
  const { t } = useTranslation('wallet');
  const book = useApiQuery('/api/wallet/addresses', NOTHING);
  const remove = useApiMutation('/api/wallet/deleteAddress', { refreshes: REFRESHES });
  if (book.isError && !book.data) return <ErrorState onRetry={() => void book.refetch()} />;
  if (!book.data) return <ListSkeleton rows={3} />;
  const { list, whitelist, networks } = book.data;
  const now = Date.now();
  const del = async (id: number, label: string) => {
    const ok = await Dialog.confirm({
      content: t('addressBook.deleteConfirm', { label }),
      confirmText: t('addressBook.delete'),
      cancelText: t('common.cancel'),
    });
    if (ok) remove.mutate({ id });
  };
  return (
    <div className="wform">
      <p className="note">{whitelist ? t('addressBook.whitelistOn') : t('addressBook.whitelistOff')}</p>
      <AddForm networks={networks} />
      {list.length === 0 ? (
        <EmptyState title={t('addressBook.emptyTitle')} body={t('addressBook.emptyBody')} />
      ) : (
        <section className="wform__card abook" aria-label={t('screens.addressBook')}>
          {list.map((a) => {
            const waiting = Date.parse(a.usable_at) > now;
            return (
              <article key={a.id} className="abook__row" data-testid="saved-address">
                <div className="abook__text">
                  <span className="abook__label">
                    {a.label} <span className="abook__net">{a.network}</span>
                  </span>
                  <span className="abook__addr num">{maskAddress(a.address, 10, 8)}</span>
                  <span className={waiting ? 'abook__when abook__when--wait' : 'abook__when'}>
                    {waiting
                      ? t('addressBook.usableFrom', { time: formatDateMinute(a.usable_at) })
                      : t('addressBook.usable')}
                  </span>
                </div>
                <button
                  type="button"
                  className="abook__del"
                  disabled={remove.isPending}
                  onClick={() => void del(a.id, a.label)}
                >
                  {t('addressBook.delete')}
                </button>
              </article>
            );
          })}
        </section>
      )}
    </div>
  );
}

/** The address book (/addressBook): saved withdrawal addresses per network; add, delete; the whitelist's state. */
export default function AddressBookScreen(): ReactNode {
  const { token } = useSession();
  return token ? <AddressBook /> : <SignInPrompt />;
}
