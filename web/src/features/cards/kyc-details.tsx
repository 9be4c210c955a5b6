/**
 * The verification form's first step: the holder's details (country, document, names, birth date), their
 * state and checks in useKycDetails, their fields in KycDetailsStep.
 */
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Field, PickerButton, SubmitButton, TextInput } from '../../ui/form';
import { birthDateProblem, docNumberProblem, latestBirthDate, localToday } from './cards-math';
import { type DocType, type Kyc, type Nation, useNationName } from './cards-parts';

export type FieldName = 'country' | 'docType' | 'docNumber' | 'surname' | 'givenName' | 'birthDate';

/** The details' values, which were touched, and what is wrong with each. */
export function useKycDetails(nations: readonly Nation[], minAge: number, initial: Kyc | null) {
  const { t } = useTranslation('cards');
  const [country, setCountry] = useState(initial?.country ?? '');
  const [docType, setDocType] = useState<DocType | null>(initial?.doc_type ?? null);
  const [docNumber, setDocNumber] = useState('');
  const [surname, setSurname] = useState(initial?.surname ?? '');
  const [givenName, setGivenName] = useState(initial?.given_name ?? '');
  const [birthDate, setBirthDate] = useState(initial?.birth_date ?? '');
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [tried, setTried] = useState(false);
  const [picking, setPicking] = useState(false);
  const nationName = useNationName();

  const nation = nations.find((n) => n.code === country) ?? null;
  const docTypes = nation?.doc_types ?? [];
  const today = localToday();
  const touch = (f: FieldName) => setTouched((s) => new Set(s).add(f));
  const shows = (f: FieldName) => tried || touched.has(f);

  const docLabel = docType ? t(`cards.docType.${docType}`) : '';
  const numberProblem = docNumberProblem(docNumber, docType ? nation?.doc_patterns[docType] : undefined);
  const birthProblem = birthDateProblem(birthDate, today, minAge);
  const errors: Readonly<Record<FieldName, string | null>> = {
    country: country === '' ? t('prompts.country') : null,
    docType: docType === null ? t('prompts.documentType') : null,
    docNumber:
      numberProblem === 'required'
        ? t('prompts.documentNumber')
        : numberProblem === 'invalid'
          ? t('cards.form.docNumberInvalid', {
              doc: docLabel || t('cards.form.document'),
              country: nationName(country),
            })
          : null,
    surname: surname.trim() === '' ? t('prompts.legalSurname') : null,
    givenName: givenName.trim() === '' ? t('prompts.legalGivenName') : null,
    birthDate:
      birthProblem === 'required'
        ? t('cards.form.birthPrompt')
        : birthProblem === 'invalid'
          ? t('cards.form.birthInvalid')
          : birthProblem === 'tooYoung'
            ? t('cards.form.tooYoung', { age: minAge })
            : null,
  };
  const shown = (f: FieldName) => (shows(f) ? errors[f] : null);
  const ok = Object.values(errors).every((e) => e === null);

  /** A country picked: a document type it does not accept is dropped, its only one chosen. */
  const pickCountry = (code: string) => {
    setCountry(code);
    touch('country');
    const accepted = nations.find((n) => n.code === code)?.doc_types ?? [];
    if (docType && !accepted.includes(docType)) setDocType(null);
    if (!docType && accepted.length === 1) setDocType(accepted[0] ?? null);
  };

  return {
    country,
    docType,
    setDocType,
    docNumber,
    setDocNumber,
    surname,
    setSurname,
    givenName,
    setGivenName,
    birthDate,
    setBirthDate,
    setTried,
    picking,
    setPicking,
    nation,
    docTypes,
    today,
    touch,
    shown,
    ok,
    pickCountry,
  };
}

export type KycDetails = ReturnType<typeof useKycDetails>;

/** The first step's fields, then "Next". */
export function KycDetailsStep({
  form,
  ids,
  minAge,
  editId,
  onNext,
}: {
  readonly form: KycDetails;
  readonly ids: string;
  readonly minAge: number;
  readonly editId: number | null;
  readonly onNext: () => void;
}): ReactNode {
  const { t } = useTranslation('cards');
  const nationName = useNationName();
  const { nation, shown, touch } = form;
  return (
    <section className="card cbox" aria-label={t('cards.form.step1')}>
      {editId !== null ? <p className="note cnote--top">{t('cards.form.editNote')}</p> : null}
      <Field label={t('cards.kyc.country')} htmlFor={`${ids}-country`} error={shown('country')}>
        <PickerButton
          id={`${ids}-country`}
          label={t('cards.kyc.country')}
          value={nation ? `${nationName(nation.code)} (${nation.code})` : null}
          placeholder={t('prompts.country')}
          onClick={() => form.setPicking(true)}
        />
      </Field>
      <Field label={t('cards.form.docType')} error={shown('docType')}>
        {nation ? (
          <fieldset className="cseg">
            <legend className="visually-hidden">{t('cards.form.docType')}</legend>
            {form.docTypes.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={d === form.docType}
                className={d === form.docType ? 'cseg__item cseg__item--on' : 'cseg__item'}
                onClick={() => {
                  form.setDocType(d);
                  touch('docType');
                }}
                data-testid={`doc-${d}`}
              >
                {t(`cards.docType.${d}`)}
              </button>
            ))}
          </fieldset>
        ) : (
          <p className="wf__static cform__muted">{t('cards.form.countryFirst')}</p>
        )}
      </Field>
      <Field
        label={t('cards.form.docNumber')}
        htmlFor={`${ids}-number`}
        error={shown('docNumber')}
        hint={editId !== null ? t('cards.form.docNumberAgain') : t('cards.form.docNumberHint')}
      >
        <TextInput
          id={`${ids}-number`}
          value={form.docNumber}
          onChange={(v) => form.setDocNumber(v.toUpperCase())}
          onBlur={() => touch('docNumber')}
          placeholder={t('prompts.documentNumber')}
          maxLength={30}
          mono
        />
      </Field>
      <Field label={t('cards.form.surname')} htmlFor={`${ids}-surname`} error={shown('surname')}>
        <TextInput
          id={`${ids}-surname`}
          value={form.surname}
          onChange={form.setSurname}
          onBlur={() => touch('surname')}
          placeholder={t('prompts.legalSurname')}
          maxLength={60}
        />
      </Field>
      <Field label={t('cards.form.givenName')} htmlFor={`${ids}-given`} error={shown('givenName')}>
        <TextInput
          id={`${ids}-given`}
          value={form.givenName}
          onChange={form.setGivenName}
          onBlur={() => touch('givenName')}
          placeholder={t('prompts.legalGivenName')}
          maxLength={60}
        />
      </Field>

      <Field
        label={t('cards.form.birthDate')}
        htmlFor={`${ids}-birth`}
        error={shown('birthDate')}
        hint={t('cards.form.birthHint', { age: minAge })}
      >
        <div className="wf__box">
          <input
            id={`${ids}-birth`}
            type="date"
            className="wf__input wf__input--date num"
            value={form.birthDate}
            min="1900-01-01"
            max={latestBirthDate(form.today, minAge)}
            onChange={(e) => form.setBirthDate(e.target.value)}
            onBlur={() => touch('birthDate')}
            data-testid="birth-date"
          />
        </div>
      </Field>
      <SubmitButton onClick={onNext}>{t('cards.form.next')}</SubmitButton>
      <p className="note">{t('cards.form.privacy')}</p>
    </section>
  );
}
