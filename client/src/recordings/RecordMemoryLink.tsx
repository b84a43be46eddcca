import { Mic } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../ui/Button.tsx';
import { recordingLink } from './recordingLink.ts';

/** The main button of a screen with nothing in it yet: it opens the recording screen. */
export function RecordMemoryLink({ label }: { label: string }) {
  return (
    <Link to={recordingLink()} className={buttonClasses('primary')}>
      <Mic aria-hidden className="size-4" />
      {label}
    </Link>
  );
}
