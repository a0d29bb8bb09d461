/** The admin sidebar's links, in its three sections. */
import {
  Activity,
  ArrowLeftRight,
  BarChart3,
  CircleHelp,
  FileText,
  Gavel,
  LayoutDashboard,
  Link2,
  Mail,
  MessageSquareText,
  Settings,
  ShieldCheck,
  Siren,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

export const NAV_SECTIONS: { title: string; items: NavLinkItem[] }[] = [
  {
    title: 'Main',
    items: [
      { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
      { to: '/dashboard/transactions', label: 'Transactions', icon: ArrowLeftRight },
      { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
      { to: '/dashboard/users', label: 'Users', icon: Users },
      { to: '/dashboard/reports', label: 'Reports', icon: FileText },
    ],
  },
  {
    title: 'System',
    items: [
      { to: '/dashboard/system', label: 'System Health', icon: ShieldCheck },
      { to: '/dashboard/monitoring', label: 'Monitoring', icon: Activity },
      { to: '/dashboard/alerts', label: 'Alerts', icon: Siren },
    ],
  },
  {
    title: 'Support',
    items: [
      { to: '/dashboard/disputes', label: 'Disputes', icon: Gavel },
      { to: '/dashboard/sms', label: 'SMS outbox', icon: MessageSquareText },
      { to: '/dashboard/messages', label: 'Contact messages', icon: Mail },
      { to: '/dashboard/links', label: 'Payment links', icon: Link2 },
      { to: '/dashboard/settings', label: 'Settings', icon: Settings },
      { to: '/dashboard/help', label: 'Help Center', icon: CircleHelp },
    ],
  },
];
