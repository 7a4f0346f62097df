import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio, RadioGroup, Label, FieldError } from 'react-aria-components';
import {
  CustomerUpdateDataBodySchema,
  GENDER_LABEL,
  OCCUPATIONS,
  OTHER_OCCUPATION_ID,
  PROFILE_MESSAGE,
  type CustomerProfilResults,
  type Gender,
} from '../../../contract/account';
import { briefToast } from '../../../machines/toast';
import { accountProfileQueryOptions, updateProfile } from '../../api/account-queries';
import { isApiError } from '../../api/client';
import { buttonStyles } from '../../components/button-styles';
import { useAppFlow } from '../../flow/app-flow';
import { cx } from '../../lib/cx';
import { storeProfileCopy } from '../../platform/session';
import { Skeleton, TextField } from '../../components/form-field';
import { AccountPage } from '../../components/account-page';
import { LoadFailed } from '../../components/list-states';

interface FormValues {
  nama: string;
  jenis_kelamin: Gender | '';
  tanggal_lahir: string;
  pekerjaan_id: string;
  pekerjaan_lainnya: string;
}

type FieldName = keyof FormValues;

function valuesOf(profile: CustomerProfilResults): FormValues {
  return {
    nama: profile.nama,
    jenis_kelamin: profile.jenis_kelamin ?? '',
    tanggal_lahir: profile.tanggal_lahir ?? '',
    pekerjaan_id: profile.pekerjaan_id === null ? '' : String(profile.pekerjaan_id),
    pekerjaan_lainnya: profile.pekerjaan_lainnya ?? '',
  };
}

/** The contract's rules (the server checks the same): the first message per field. */
function errorsOf(values: FormValues): Partial<Record<FieldName, string>> {
  const checked = CustomerUpdateDataBodySchema.safeParse(values);
  if (checked.success) return {};
  const errors: Partial<Record<FieldName, string>> = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** /app/customer/profile: the contact the customer signed in with, and the details they may change. */
export function ProfileScreen() {
  const query = useQuery(accountProfileQueryOptions());
  return (
    <AccountPage title="Profil Saya">
      {query.isPending ? (
        <div aria-busy="true" aria-label="Memuat profil" className="hairline space-y-3 rounded-card bg-white p-5">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Contact profile={query.data} />
          <ProfileForm profile={query.data} />
        </>
      )}
    </AccountPage>
  );
}

function Contact({ profile }: { profile: CustomerProfilResults }) {
  return (
    <section aria-labelledby="profil-kontak" className="hairline rounded-card border-grey-200 bg-white p-5">
      <h2 id="profil-kontak" className="font-bold">
        Kontak Masuk
      </h2>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-grey-700">Nomor Handphone</dt>
          <dd className="font-semibold">{profile.telp || '-'}</dd>
        </div>
        <div>
          <dt className="text-grey-700">Email</dt>
          <dd className="font-semibold break-all">{profile.email || '-'}</dd>
        </div>
      </dl>
    </section>
  );
}

function ProfileForm({ profile }: { profile: CustomerProfilResults }) {
  const flow = useAppFlow();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => valuesOf(profile));
  const [submitted, setSubmitted] = useState(false);
  const ids = { date: useId(), job: useId() };
  useEffect(() => setValues(valuesOf(profile)), [profile]);

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountProfileQueryOptions().queryKey, saved);
      storeProfileCopy(saved);
      flow.toaster.send(briefToast(PROFILE_MESSAGE.saved, 'bottom'));
    },
  });
  const errors = submitted ? errorsOf(values) : {};
  const set = (field: FieldName) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(values)).length > 0) return;
    save.mutate({
      nama: values.nama,
      jenis_kelamin: values.jenis_kelamin as Gender,
      tanggal_lahir: values.tanggal_lahir,
      pekerjaan_id: values.pekerjaan_id,
      ...(values.pekerjaan_id === String(OTHER_OCCUPATION_ID) ? { pekerjaan_lainnya: values.pekerjaan_lainnya } : {}),
    });
  };
  const refusal =
    save.isError && isApiError(save.error) && save.error.code !== 'NETWORK' && save.error.code !== 'BAD_REPLY'
      ? save.error.message
      : save.isError
        ? 'Profil belum tersimpan. Periksa koneksi kamu, lalu coba lagi.'
        : null;
  const selectClass = (error: string | undefined) =>
    cx(
      'hairline mt-1 min-h-11 w-full rounded-card bg-white px-3 text-base text-grey-900',
      error ? 'border-danger-600' : 'border-grey-300',
    );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="profil-data"
      className="hairline space-y-4 rounded-card border-grey-200 bg-white p-5"
    >
      <h2 id="profil-data" className="font-bold">
        Data Diri
      </h2>
      <TextField
        label="Nama Lengkap"
        value={values.nama}
        onValueChange={set('nama')}
        error={errors.nama ?? null}
        autoComplete="name"
        maxLength={40}
      />
      <RadioGroup
        value={values.jenis_kelamin || null}
        onChange={set('jenis_kelamin')}
        isInvalid={Boolean(errors.jenis_kelamin)}
        orientation="horizontal"
        className="space-y-1"
      >
        <Label className="text-sm font-semibold text-grey-800">Jenis Kelamin</Label>
        <div className="flex gap-3">
          {(Object.keys(GENDER_LABEL) as Gender[]).map((gender) => (
            <Radio
              key={gender}
              value={gender}
              className={({ isSelected, isFocusVisible }) =>
                cx(
                  'hairline flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-card px-3 font-semibold',
                  isSelected ? 'border-primary-600 bg-primary-50 text-primary-700' : 'border-grey-300',
                  isFocusVisible && 'ring-2 ring-primary-600 ring-offset-2',
                )
              }
            >
              {GENDER_LABEL[gender]}
            </Radio>
          ))}
        </div>
        <FieldError className="text-sm text-danger-700">{errors.jenis_kelamin}</FieldError>
      </RadioGroup>
      <div>
        <label htmlFor={ids.date} className="text-sm font-semibold text-grey-800">
          Tanggal Lahir
        </label>
        <input
          id={ids.date}
          type="date"
          value={values.tanggal_lahir}
          onChange={(event) => set('tanggal_lahir')(event.target.value)}
          min="1900-01-01"
          aria-invalid={errors.tanggal_lahir ? true : undefined}
          aria-describedby={errors.tanggal_lahir ? `${ids.date}-error` : undefined}
          className={selectClass(errors.tanggal_lahir)}
        />
        {errors.tanggal_lahir ? (
          <p id={`${ids.date}-error`} className="mt-1 text-sm text-danger-700">
            {errors.tanggal_lahir}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={ids.job} className="text-sm font-semibold text-grey-800">
          Pekerjaan
        </label>
        <select
          id={ids.job}
          value={values.pekerjaan_id}
          onChange={(event) => set('pekerjaan_id')(event.target.value)}
          aria-invalid={errors.pekerjaan_id ? true : undefined}
          aria-describedby={errors.pekerjaan_id ? `${ids.job}-error` : undefined}
          className={selectClass(errors.pekerjaan_id)}
        >
          <option value="">Pilih pekerjaan</option>
          {OCCUPATIONS.map((job) => (
            <option key={job.id} value={String(job.id)}>
              {job.nama}
            </option>
          ))}
        </select>
        {errors.pekerjaan_id ? (
          <p id={`${ids.job}-error`} className="mt-1 text-sm text-danger-700">
            {errors.pekerjaan_id}
          </p>
        ) : null}
      </div>
      {values.pekerjaan_id === String(OTHER_OCCUPATION_ID) ? (
        <TextField
          label="Pekerjaan Lainnya"
          value={values.pekerjaan_lainnya}
          onValueChange={set('pekerjaan_lainnya')}
          error={errors.pekerjaan_lainnya ?? null}
          maxLength={60}
        />
      ) : null}
      {refusal ? (
        <p role="alert" className="rounded-card bg-danger-50 p-3 text-sm text-danger-700">
          {refusal}
        </p>
      ) : null}
      <button type="submit" className={cx(buttonStyles.primary, 'w-full')} disabled={save.isPending}>
        {save.isPending ? 'Menyimpan…' : 'Simpan'}
      </button>
    </form>
  );
}
