import * as Lucide from 'lucide-react';

/**
 * The product's icons: Lucide glyphs at this product's weight (1.8 stroke, `size-5` unless the
 * caller's class sets a size). Lucide marks them aria-hidden, as every use here is decorative.
 * The names say what the icon means here, so a glyph can change in one place.
 */
function productIcon(Glyph: Lucide.LucideIcon) {
  return ({ className = 'size-5', ...rest }: Lucide.LucideProps) => (
    <Glyph strokeWidth={1.8} className={className} {...rest} />
  );
}

export const MenuIcon = productIcon(Lucide.Menu);
export const CloseIcon = productIcon(Lucide.X);
export const CheckIcon = productIcon(Lucide.Check);
export const CopyIcon = productIcon(Lucide.Copy);
export const ChevronDownIcon = productIcon(Lucide.ChevronDown);
export const ChevronRightIcon = productIcon(Lucide.ChevronRight);
export const ChevronLeftIcon = productIcon(Lucide.ChevronLeft);
export const ArrowRightIcon = productIcon(Lucide.ArrowRight);
export const AlertIcon = productIcon(Lucide.TriangleAlert);
export const InfoIcon = productIcon(Lucide.Info);
export const InboxIcon = productIcon(Lucide.Inbox);
export const PlayIcon = productIcon(Lucide.CirclePlay);
export const BoltIcon = productIcon(Lucide.Zap);
export const ChartIcon = productIcon(Lucide.ChartLine);
export const ShieldIcon = productIcon(Lucide.ShieldCheck);
export const ClockIcon = productIcon(Lucide.Clock);
export const DownloadIcon = productIcon(Lucide.Download);
export const SettingsIcon = productIcon(Lucide.Settings);
export const MailIcon = productIcon(Lucide.Mail);
export const PhoneIcon = productIcon(Lucide.Phone);
export const MapPinIcon = productIcon(Lucide.MapPin);
export const GlobeIcon = productIcon(Lucide.Globe);
export const HeartIcon = productIcon(Lucide.Heart);
export const SparkIcon = productIcon(Lucide.Sparkles);
export const ZoomIcon = productIcon(Lucide.ZoomIn);
export const BellIcon = productIcon(Lucide.Bell);
