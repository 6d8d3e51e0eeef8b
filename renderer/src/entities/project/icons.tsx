import type { LucideIcon } from 'lucide-react';
import {
  Archive,
  Box,
  Briefcase,
  Building2,
  Calendar,
  Camera,
  Clipboard,
  Clock,
  Download,
  FileOutput,
  Folder,
  Grid3x3,
  House,
  LogOut,
  Mail,
  MessageSquare,
  Pencil,
  Save,
  Search,
  Settings,
  Share2,
  Shield,
  Truck,
  User,
  Users,
  Zap,
} from 'lucide-react';
import type { ProjectIcon } from '@werkboard/common';
import { de } from '@werkboard/common';

/**
 * The spec's icon set (section 3) drawn as SVG (lucide, tree-shaken to these 26): emoji render
 * as empty boxes on many phones and office PCs (issue 19).
 */
const ICONS: Record<ProjectIcon, LucideIcon> = {
  briefcase: Briefcase,
  home: House,
  building: Building2,
  zap: Zap,
  clipboard: Clipboard,
  settings: Settings,
  edit: Pencil,
  save: Save,
  calendar: Calendar,
  users: Users,
  'kwp-export': FileOutput,
  'log-out': LogOut,
  camera: Camera,
  share: Share2,
  mail: Mail,
  user: User,
  clock: Clock,
  truck: Truck,
  'message-square': MessageSquare,
  box: Box,
  download: Download,
  search: Search,
  shield: Shield,
  folder: Folder,
  archive: Archive,
  grid: Grid3x3,
};

/** The icon as an inline SVG; decorative (the name or label next to it says what it is). */
export function IconGlyph({ icon }: { icon: ProjectIcon }) {
  const Svg = ICONS[icon];
  return <Svg className="icon-glyph" aria-hidden="true" focusable="false" data-icon={icon} />;
}

export function iconName(icon: ProjectIcon): string {
  return de.projectPanels.icons[icon];
}
