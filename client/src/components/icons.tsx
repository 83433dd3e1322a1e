import {
  ArrowRight,
  Bell,
  ChartLine,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CirclePlay,
  Clock,
  Copy,
  Download,
  Globe,
  Heart,
  Inbox,
  Info,
  type LucideIcon,
  type LucideProps,
  Mail,
  MapPin,
  Menu,
  Phone,
  Settings,
  ShieldCheck,
  Sparkles,
  TriangleAlert,
  X,
  Zap,
  ZoomIn,
} from 'lucide-react';

/**
 * The product's icons: Lucide glyphs at this product's weight (1.8 stroke, `size-5` unless the
 * caller's class sets a size). Lucide marks them aria-hidden, as every use here is decorative.
 * The names say what the icon means here, so a glyph can change in one place.
 */
function productIcon(Glyph: LucideIcon) {
  return ({ className = 'size-5', ...rest }: LucideProps) => (
    <Glyph strokeWidth={1.8} className={className} {...rest} />
  );
}

export const MenuIcon = productIcon(Menu);
export const CloseIcon = productIcon(X);
export const CheckIcon = productIcon(Check);
export const CopyIcon = productIcon(Copy);
export const ChevronDownIcon = productIcon(ChevronDown);
export const ChevronRightIcon = productIcon(ChevronRight);
export const ChevronLeftIcon = productIcon(ChevronLeft);
export const ArrowRightIcon = productIcon(ArrowRight);
export const AlertIcon = productIcon(TriangleAlert);
export const InfoIcon = productIcon(Info);
export const InboxIcon = productIcon(Inbox);
export const PlayIcon = productIcon(CirclePlay);
export const BoltIcon = productIcon(Zap);
export const ChartIcon = productIcon(ChartLine);
export const ShieldIcon = productIcon(ShieldCheck);
export const ClockIcon = productIcon(Clock);
export const DownloadIcon = productIcon(Download);
export const SettingsIcon = productIcon(Settings);
export const MailIcon = productIcon(Mail);
export const PhoneIcon = productIcon(Phone);
export const MapPinIcon = productIcon(MapPin);
export const GlobeIcon = productIcon(Globe);
export const HeartIcon = productIcon(Heart);
export const SparkIcon = productIcon(Sparkles);
export const ZoomIcon = productIcon(ZoomIn);
export const BellIcon = productIcon(Bell);
