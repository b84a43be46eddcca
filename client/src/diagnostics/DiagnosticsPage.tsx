import { CheckCircle2, Circle, Loader2, MinusCircle, RotateCcw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import type { CheckLine, CheckState, Reason } from './checks.ts';
import { useDiagnostics } from './useDiagnostics.ts';

const ICONS: Record<CheckState, { icon: typeof Circle; className: string }> = {
  waiting: { icon: Circle, className: 'text-stone-600' },
  running: { icon: Loader2, className: 'animate-spin text-amber-300' },
  pass: { icon: CheckCircle2, className: 'text-emerald-400' },
  fail: { icon: XCircle, className: 'text-red-400' },
  skipped: { icon: MinusCircle, className: 'text-stone-500' },
};

/**
 * /debug-recording (spec "Recording diagnostics card"): public, outside the shell. Each check
 * of recording on this device, in order, with pass or fail and why; Run again; back to the app.
 */
export function DiagnosticsPage() {
  const { t } = useTranslation('diagnostics');
  const { lines, running, run } = useDiagnostics();
  const failed = lines.some((line) => line.state === 'fail');
  const allPassed = lines.every((line) => line.state === 'pass');

  return (
    <div className="min-h-dvh bg-stone-950 text-stone-100">
      <main className="mx-auto w-full max-w-2xl px-4 py-8">
        <h1 className="mb-2 text-2xl font-semibold text-stone-50">{t('title')}</h1>
        <p className="mb-6 text-sm text-stone-400">{t('description')}</p>
        <Card>
          <ol className="flex flex-col gap-4" aria-label={t('title')}>
            {lines.map((line) => (
              <CheckRow key={line.id} line={line} />
            ))}
          </ol>
          <p role="status" className="mt-5 border-t border-stone-800 pt-4 text-sm font-medium text-stone-200">
            {running ? t('summary.running') : failed ? t('summary.failed') : allPassed ? t('summary.passed') : ''}
          </p>
        </Card>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={run} disabled={running}>
            <RotateCcw aria-hidden className="size-4" />
            {t('runAgain')}
          </Button>
          <Link to="/" className={buttonClasses('secondary')}>
            {t('backToApp')}
          </Link>
        </div>
      </main>
    </div>
  );
}

function CheckRow({ line }: { line: CheckLine }) {
  const { t } = useTranslation('diagnostics');
  const { icon: Icon, className } = ICONS[line.state];
  return (
    <li className="flex gap-3" data-check={line.id} data-state={line.state}>
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${className}`} />
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-50">
          {t(`checks.${line.id}`)}
          <span className="ml-2 text-xs font-normal uppercase tracking-wide text-stone-400">{t(`states.${line.state}`)}</span>
        </p>
        {line.reason && <p className="mt-0.5 break-words text-sm text-stone-300">{reasonText(t, line.reason)}</p>}
        {/* The browser's own prompt may be open and waiting for the person. */}
        {line.id === 'microphonePermission' && line.state === 'running' && (
          <p className="mt-0.5 text-sm text-amber-200">{t('reasons.askingMicrophone')}</p>
        )}
      </div>
    </li>
  );
}

function reasonText(t: (key: string, values?: Record<string, unknown>) => string, reason: Reason): string {
  const engines = reason.engines?.map((name) => t(`engines.${name}`, { defaultValue: name })).join(', ');
  return t(`reasons.${reason.key}`, { ...reason.values, engines });
}
