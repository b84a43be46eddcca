import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AFTER_IDS, isSampleId, type SampleId } from './sampleTexts.ts';
import { TypedText } from './TypedText.tsx';

function SampleButton({ id, selected, onSelect }: { id: SampleId; selected: boolean; onSelect: (id: SampleId) => void }) {
  const { t } = useTranslation('landing');
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(id)}
      className={`w-full rounded-xl px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300 ${
        selected ? 'bg-amber-100 text-stone-950' : 'text-stone-300 hover:bg-white/5 hover:text-white'
      }`}
    >
      <span className="block font-medium">{t(`beforeAfter.texts.${id}.label`)}</span>
      <span className={`mt-0.5 block text-sm ${selected ? 'text-stone-700' : 'text-stone-500'}`}>
        {t(`beforeAfter.texts.${id}.description`)}
      </span>
    </button>
  );
}

/** One memory as spoken and as written in each style; the chosen text types itself out. */
export function BeforeAfter() {
  const { t } = useTranslation('landing');
  const [selected, setSelected] = useState<SampleId>('before');
  const selectId = useId();
  const isBefore = selected === 'before';

  return (
    <section aria-labelledby="landing-before-after" className="bg-black px-6 py-20 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="landing-before-after" className="font-serif text-3xl text-white sm:text-4xl">
          {t('beforeAfter.heading')}
        </h2>
        <p className="mt-4 leading-relaxed text-stone-400">{t('beforeAfter.intro')}</p>
      </div>

      <div className="mx-auto mt-12 max-w-2xl md:grid md:max-w-5xl md:grid-cols-[16rem_1fr] md:gap-8">
        {/* Small screens: a native dropdown. */}
        <div className="mb-6 md:hidden">
          <label htmlFor={selectId} className="mb-2 block text-sm font-medium text-stone-300">
            {t('beforeAfter.selectLabel')}
          </label>
          <select
            id={selectId}
            value={selected}
            onChange={(event) => isSampleId(event.target.value) && setSelected(event.target.value)}
            className="min-h-12 w-full rounded-xl border border-white/15 bg-stone-900 px-4 text-base text-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          >
            <optgroup label={t('beforeAfter.before')}>
              <option value="before">{t('beforeAfter.texts.before.label')}</option>
            </optgroup>
            <optgroup label={t('beforeAfter.after')}>
              {AFTER_IDS.map((id) => (
                <option key={id} value={id}>
                  {t(`beforeAfter.texts.${id}.label`)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>

        {/* Large screens: a column of buttons beside the text. */}
        <div role="group" aria-label={t('beforeAfter.selectLabel')} className="hidden md:block">
          <p className="px-4 pb-2 text-xs font-semibold tracking-widest text-stone-500 uppercase">
            {t('beforeAfter.before')}
          </p>
          <SampleButton id="before" selected={isBefore} onSelect={setSelected} />
          <p className="mt-6 px-4 pb-2 text-xs font-semibold tracking-widest text-stone-500 uppercase">
            {t('beforeAfter.after')}
          </p>
          <ul className="space-y-1">
            {AFTER_IDS.map((id) => (
              <li key={id}>
                <SampleButton id={id} selected={selected === id} onSelect={setSelected} />
              </li>
            ))}
          </ul>
        </div>

        <article
          aria-labelledby="landing-sample-title"
          className={`rounded-2xl p-6 shadow-2xl shadow-black/50 sm:p-8 ${
            isBefore ? 'bg-stone-900 text-stone-300 ring-1 ring-white/10' : 'bg-stone-50 text-stone-900'
          }`}
        >
          <header className="mb-5 border-b border-current/10 pb-4">
            <p className={`text-xs font-semibold tracking-widest uppercase ${isBefore ? 'text-stone-500' : 'text-amber-700'}`}>
              {isBefore ? t('beforeAfter.before') : t('beforeAfter.after')}
            </p>
            <h3 id="landing-sample-title" className="mt-1 text-lg font-semibold">
              {t(`beforeAfter.texts.${selected}.label`)}
            </h3>
          </header>
          <TypedText
            text={t(`beforeAfter.texts.${selected}.text`)}
            className={isBefore ? 'text-base leading-7' : 'font-serif text-lg leading-8'}
          />
        </article>
      </div>
    </section>
  );
}
