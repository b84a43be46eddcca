import { Baby, Briefcase, HeartHandshake, Home, Mountain, Trophy, type LucideIcon } from 'lucide-react';
import type { InterviewTheme } from '../../../contract/interviewer.ts';

export const THEME_ICONS: Record<InterviewTheme, LucideIcon> = {
  childhood: Baby,
  family: Home,
  career: Briefcase,
  relationships: HeartHandshake,
  achievements: Trophy,
  challenges: Mountain,
};
