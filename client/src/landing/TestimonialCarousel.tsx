import { ChevronLeft, ChevronRight, Pause, Play, Quote } from 'lucide-react';
import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nextIndex, previousIndex } from './carousel.ts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';

const TESTIMONIALS = ['aino', 'mikko', 'leena', 'sanna'] as const;
/** Long enough to read the longest quote twice over. */
const AUTO_ADVANCE_MS = 8000;

const iconButton =
  'flex size-11 items-center justify-center rounded-full text-stone-300 ring-1 ring-white/15 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300';

/**
 * Four users' quotes, one at a time, looping both ways. Rotates on its own unless the
 * visitor prefers reduced motion or stops it; hovering or focusing it pauses the rotation.
 */
export function TestimonialCarousel() {
  const { t } = useTranslation('landing');
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [rotationChoice, setRotationChoice] = useState<boolean | null>(null);
  const rotating = rotationChoice ?? !reducedMotion;
  const advancing = rotating && !hovered && !focused;
  const count = TESTIMONIALS.length;

  useEffect(() => {
    if (!advancing) return;
    // Restarts on every slide change, so a manual step gets a full interval too.
    const timer = window.setTimeout(() => setIndex((i) => nextIndex(i, count)), AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, index, count]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section aria-labelledby="landing-testimonials" className="border-t border-white/5 bg-stone-950 px-6 py-20 sm:py-24">
      <h2 id="landing-testimonials" className="text-center font-serif text-3xl text-white sm:text-4xl">
        {t('testimonials.heading')}
      </h2>
      <div
        role="region"
        aria-roledescription={t('testimonials.carousel')}
        aria-label={t('testimonials.regionLabel')}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        className="mx-auto mt-12 max-w-2xl"
      >
        <div onFocus={() => setFocused(true)} onBlur={onBlur}>
          {/* Every slide shares one grid cell, so the box is as tall as the longest quote and nothing below jumps. */}
          <div aria-live={advancing ? 'off' : 'polite'} className="grid">
            {TESTIMONIALS.map((key, i) => {
              const current = i === index;
              const name = t(`testimonials.items.${key}.name`);
              return (
                <figure
                  key={key}
                  role="group"
                  aria-roledescription={t('testimonials.slide')}
                  aria-label={t('testimonials.slideLabel', { current: i + 1, total: count })}
                  className={`col-start-1 row-start-1 flex flex-col items-center text-center transition-[opacity,visibility] duration-500 motion-reduce:transition-none ${
                    current ? 'visible opacity-100' : 'invisible opacity-0'
                  }`}
                >
                  <Quote aria-hidden="true" className="size-8 text-amber-300/60" strokeWidth={1.5} />
                  <blockquote className="mt-6 font-serif text-xl leading-relaxed text-stone-100 sm:text-2xl">
                    <p>{t(`testimonials.items.${key}.quote`)}</p>
                  </blockquote>
                  <figcaption className="mt-8 flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-11 items-center justify-center rounded-full bg-amber-200/15 font-serif text-lg text-amber-100"
                    >
                      {name.charAt(0)}
                    </span>
                    <span className="text-left">
                      <span className="block font-semibold text-stone-50">{name}</span>
                      <span className="block text-sm text-stone-400">{t(`testimonials.items.${key}.role`)}</span>
                    </span>
                  </figcaption>
                </figure>
              );
            })}
          </div>

          <div className="mt-10 flex items-center justify-between gap-4">
            <button
              type="button"
              aria-label={t('testimonials.previous')}
              onClick={() => setIndex((i) => previousIndex(i, count))}
              className={iconButton}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <div role="group" aria-label={t('testimonials.dotsLabel')} className="flex">
              {TESTIMONIALS.map((key, i) => (
                <button
                  key={key}
                  type="button"
                  aria-label={t('testimonials.goTo', { number: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  className="group flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-amber-300"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                      i === index ? 'w-6 bg-amber-200' : 'w-2 bg-stone-600 group-hover:bg-stone-400'
                    }`}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              aria-label={t('testimonials.next')}
              onClick={() => setIndex((i) => nextIndex(i, count))}
              className={iconButton}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </div>
        </div>

        <div className="mt-4 flex justify-center">
          <button
            type="button"
            onClick={() => setRotationChoice(!rotating)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm text-stone-400 hover:text-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300"
          >
            {rotating ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            {rotating ? t('testimonials.pause') : t('testimonials.play')}
          </button>
        </div>
      </div>
    </section>
  );
}
