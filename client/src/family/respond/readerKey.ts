import { useFamilyCircles } from '../../api/familyReading.ts';

/**
 * Who reads on this device, for what is kept on it (a typed comment's draft, a voice reply's
 * copy): the circles its sign-in reads. Another relative signing in on the same browser reads
 * other circles, so never sees them. Null until known.
 */
export function useReaderKey(): string | null {
  const circles = useFamilyCircles();
  if (!circles.data || circles.data.length === 0) return null;
  return `family:${circles.data.map((circle) => circle.circle).sort((a, b) => a - b).join(',')}`;
}
