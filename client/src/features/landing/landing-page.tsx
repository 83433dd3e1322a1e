import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { LandingCta } from './landing-cta.tsx';
import { OrderHistoryDemo, SignalTransferDemo } from './landing-demos.tsx';
import { LandingFeatures } from './landing-features.tsx';
import { LandingHero } from './landing-hero.tsx';
import { LandingHowItWorks } from './landing-how-it-works.tsx';
import { LandingPricing } from './landing-pricing.tsx';

/** The spec's delay before scrolling to a section named in the URL (layout settles first). */
const hashScrollDelayMs = 100;

function useHashScroll() {
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      document.getElementById(hash)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, hashScrollDelayMs);
    return () => clearTimeout(timer);
  }, [hash]);
}

export function LandingPage() {
  useDocumentTitle(null);
  useHashScroll();
  return (
    <>
      <LandingHero />
      <LandingFeatures />
      <OrderHistoryDemo />
      <SignalTransferDemo />
      <LandingHowItWorks />
      <LandingPricing />
      <LandingCta />
    </>
  );
}
